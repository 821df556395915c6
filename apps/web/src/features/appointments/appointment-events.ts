import type { ScheduleEventData } from '@mantine/schedule';
import type { Appointment, AppointmentStatus } from '@opencare/schemas/entities/appointments';
import { STATUS_COLOURS } from './appointment-badges';

/** What the week calendar keeps of an appointment on its event: the appointment itself. */
export type AppointmentEvent = ScheduleEventData<{ appointment: Appointment }>;

/** Those that no longer take anyone's time are shown muted, behind the ones still to come. */
const MUTED: ReadonlySet<AppointmentStatus> = new Set(['cancelled', 'noShow']);
export const isMuted = (status: AppointmentStatus) => MUTED.has(status);

/**
 * An appointment as an event of @mantine/schedule. The calendar places events by the device's clock
 * (dayjs), as every time of the app is shown where the person is (format.ts), so instants go in as
 * Dates. The title is the patient's name: the calendar uses it as the event's tooltip.
 */
export function toEvent(appointment: Appointment): AppointmentEvent {
  return {
    id: appointment.id,
    title: appointment.patient.fullName,
    start: new Date(appointment.startsAt),
    end: new Date(appointment.endsAt),
    color: STATUS_COLOURS[appointment.status],
    variant: 'light',
    payload: { appointment },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The hours the day columns show: the clinic's usual day (8 AM to 6 PM), widened to the whole hour
 * of the week's earliest start and latest end, so no appointment falls outside the grid.
 */
export function hoursOf(appointments: readonly Appointment[]): { startTime: string; endTime: string } {
  let first = 8;
  let last = 18;
  for (const a of appointments) {
    const start = new Date(a.startsAt);
    const end = new Date(a.endsAt);
    first = Math.min(first, start.getHours());
    // An appointment ending on the next day (or at midnight) runs to the end of the grid.
    const sameDay = end.toDateString() === start.toDateString();
    const endHour = sameDay ? end.getHours() + (end.getMinutes() > 0 ? 1 : 0) : 24;
    last = Math.max(last, endHour);
  }
  return {
    startTime: `${pad(first)}:00:00`,
    endTime: last >= 24 ? '23:59:59' : `${pad(last)}:00:00`,
  };
}
