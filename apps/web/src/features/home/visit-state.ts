import type { Appointment } from '@opencare/schemas/entities/appointments';

/** Where one of today's visits stands, as the clinician's worklist shows it. */
export type VisitState = 'upcoming' | 'due' | 'waiting' | 'inProgress' | 'ended' | 'done';

/**
 * From the appointment and its visit: the patient in the waiting room (`w`) and the call under way
 * (`ip`) come from the visit; a visit past its start that nobody has joined is due; an ended call
 * still needs its summary and notes; a completed one is done.
 */
export function visitStateOf(appointment: Appointment, now: number): VisitState {
  const visit = appointment.visit;
  if (appointment.status === 'completed' || visit?.completedAt || visit?.status === 'c') return 'done';
  if (visit?.status === 'ip') return 'inProgress';
  if (visit?.status === 'w') return 'waiting';
  if (visit?.status === 'ic') return 'ended';
  return Date.parse(appointment.startsAt) <= now ? 'due' : 'upcoming';
}

/** Today's appointments the clinician still meets: not cancelled, not a no-show. */
export function isOnWorklist(appointment: Appointment): boolean {
  return appointment.status !== 'cancelled' && appointment.status !== 'noShow';
}
