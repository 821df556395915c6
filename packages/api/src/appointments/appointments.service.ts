import type { AppointmentSlot } from '@opencare/schemas/entities/settings';
import type { Actor } from '../access/actor';
import type { Deps } from '../deps';
import { settingsOf } from '../settings/settings.service';
import { slotsOfDay } from './slots';

/** The day's bookable slots, per the organisation's appointment settings and time zone. */
export async function appointmentSlots(deps: Deps, actor: Actor, date: string): Promise<AppointmentSlot[]> {
  const [appointments, organization] = await Promise.all([
    settingsOf(deps.db, actor.organisationId, 'appointmentManagement'),
    settingsOf(deps.db, actor.organisationId, 'organization'),
  ]);
  return slotsOfDay(date, appointments, organization.timezone);
}
