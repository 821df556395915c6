import { APPOINTMENT_LIMITS } from '@opencare/schemas/entities/appointments';
import type { CaregiverScope } from '@opencare/schemas/entities/caregivers';
import type { Settings } from '@opencare/schemas/entities/settings';
import { REQUIRED } from '@opencare/schemas/rules';
import type { Permission } from '@opencare/schemas/roles';
import { authorize, hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { AccountRecord } from '../accounts/accounts.repository';
import { findAccount } from '../accounts/accounts.repository';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { timeZoneOr } from '../schedules/schedule-occurrences';
import { settingsOf } from '../settings/settings.service';
import { findAppointment, type AppointmentRow } from './appointments.repository';
import { findBookableProviders } from './providers.repository';
import { isSlotStart } from './slots';

/**
 * Who may see and change appointments. An appointment is part of its patient's record, so the
 * patient-record rule decides (patient-access.ts): the patient themself and the clinicians
 * (physicians, nurses, assistants) of the patient's organisation, and a caregiver the patient lets
 * see and book them (issue 19). Admins do not see appointments (no clinical access); every decision
 * is audited.
 */

/** An appointment the caller may act on with `permission`; unknown ids and other organisations' are
 * 404, a refusal in the caller's own organisation 403 (audited either way). */
export async function appointmentFor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  action: string,
  permission: Permission = 'Read',
): Promise<AppointmentRow> {
  const row = await findAppointment(deps.db, id);
  if (!row) throw new AppError('notFound');
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, action, 'read', permission);
  return row;
}

/** Whose appointments (or visits) a list covers, after checking and auditing the caller's access. */
export interface ListScope {
  organisationId: string;
  patientAccountId?: string;
  /** The patient named or acting, when the list is one patient's. */
  patient?: AccountRecord;
}

/**
 * A patient lists their own; a clinician lists one patient's (patientId) or the organisation's.
 * Anyone else is refused.
 */
export async function listScope(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string | undefined,
  action: string,
  /** A caregiver with this scope may list the patient they name (issue 19). */
  caregiverScope?: CaregiverScope,
): Promise<ListScope> {
  const id = patientId ?? (hasRouteRole(actor, 'patient') ? actor.accountId : undefined);
  if (id) {
    const patient = await patientFor(deps, actor, meta, id, action, 'read', 'Read', caregiverScope);
    return { organisationId: patient.account.organisationId, patientAccountId: id, patient };
  }
  await authorize(deps, actor, meta, {
    action,
    resourceType: 'organisation',
    resourceId: actor.organisationId,
    allowed: hasRouteRole(actor, 'clinician'),
  });
  return { organisationId: actor.organisationId };
}

/** The patient an appointment is booked for: the caller if a patient, else the one a clinician names. */
export async function bookingPatient(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string | undefined,
  action: string,
): Promise<AccountRecord> {
  // Booking writes an appointment on the patient's record: the permission table must allow Write.
  // A caregiver books for the patient they name when the patient lets them (issue 19).
  if (patientId) return patientFor(deps, actor, meta, patientId, action, 'read', 'Write', 'appointments');
  if (hasRouteRole(actor, 'patient')) return patientFor(deps, actor, meta, actor.accountId, action, 'read', 'Write');
  if (hasRouteRole(actor, 'clinician')) {
    throw new AppError('validationFailed', { fields: [{ field: 'patientId', message: REQUIRED }] });
  }
  await authorize(deps, actor, meta, { action, resourceType: 'patient', resourceId: null, allowed: false });
  throw new AppError('err_forbidden');
}

export type BookableProviderRow = Awaited<ReturnType<typeof findBookableProviders>>[number];

/** A physician or nurse of the organisation, or a field error naming `field`. */
export async function requireProvider(
  db: Executor,
  organisationId: string,
  providerId: string,
  field = 'providerId',
): Promise<BookableProviderRow> {
  const [provider] = await findBookableProviders(db, organisationId, providerId);
  if (!provider) {
    throw new AppError('validationFailed', {
      fields: [{ field, message: 'Choose a physician or nurse of your clinic.' }],
    });
  }
  return provider;
}

/** A provider account of the organisation (for listing its appointments), else 404. */
export async function requireProviderAccount(
  db: Executor,
  organisationId: string,
  providerId: string,
): Promise<void> {
  const account = await findAccount(db, providerId);
  if (account?.account.accountType !== 'prov' || account.account.organisationId !== organisationId) {
    throw new AppError('notFound');
  }
}

export interface ClinicSchedule {
  settings: Settings['appointmentManagement'];
  timeZone: string;
}

/** The organisation's appointment settings and the time zone its slots are in. */
export async function clinicSchedule(db: Executor, organisationId: string): Promise<ClinicSchedule> {
  const [settings, organization] = await Promise.all([
    settingsOf(db, organisationId, 'appointmentManagement'),
    settingsOf(db, organisationId, 'organization'),
  ]);
  return { settings, timeZone: timeZoneOr(organization.timezone, 'UTC') };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A booking's time must be one of the clinic's slots (its step, working hours and days), still to
 * come, and within the booking horizon. Whether it is free is checked under the booking lock.
 */
export function assertBookableTime(startsAt: Date, schedule: ClinicSchedule, now: Date): void {
  if (!isSlotStart(startsAt, schedule.settings, schedule.timeZone)) {
    throw new AppError('validationFailed', {
      fields: [{ field: 'startsAt', message: 'Choose one of the times the clinic offers.' }],
    });
  }
  if (startsAt.getTime() > now.getTime() + APPOINTMENT_LIMITS.bookingHorizonDays * DAY_MS) {
    throw new AppError('validationFailed', {
      fields: [
        {
          field: 'startsAt',
          message: `Appointments can be booked up to ${APPOINTMENT_LIMITS.bookingHorizonDays} days ahead.`,
        },
      ],
    });
  }
  if (startsAt.getTime() <= now.getTime()) throw new AppError('slotNotAvailable');
}

/**
 * An appointment may be confirmed, rescheduled or cancelled only while it is still to come and
 * open: the catalogue's message says why not.
 */
export function assertOpen(row: AppointmentRow, now: Date): void {
  switch (row.appointment.status) {
    case 'cancelled':
      throw new AppError('appointmentCanceled');
    case 'completed':
      throw new AppError('appointmentCompleted');
    case 'noShow':
      throw new AppError('appointmentMissed');
    case 'scheduled':
    case 'confirmed':
    case 'rescheduled':
      break;
  }
  if (row.appointment.startsAt.getTime() <= now.getTime()) throw new AppError('appointmentExpired');
}
