import type { Appointment } from '@opencare/schemas/entities/appointments';

export type AppointmentTypeCode = Appointment['type']['code'];

/** Appointments that may still be confirmed, rescheduled or cancelled: open and not yet begun. */
export function isChangeable(appointment: Appointment, now = Date.now()): boolean {
  const open =
    appointment.status === 'scheduled' ||
    appointment.status === 'confirmed' ||
    appointment.status === 'rescheduled';
  return open && Date.parse(appointment.startsAt) > now;
}

export function isConfirmable(appointment: Appointment, now = Date.now()): boolean {
  return isChangeable(appointment, now) && appointment.status !== 'confirmed';
}
