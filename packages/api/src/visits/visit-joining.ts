import type { AppointmentStatus } from '@opencare/schemas/entities/appointments';
import type { VisitStatusCode } from '@opencare/schemas/statuses';
import { AppError } from '../errors/app-error';

/**
 * The joining rules of spec §5, as one pure function so they read as a list and test without a
 * database. Checked in this order, so the most final reason wins: a completed visit says
 * "completed" even when its window has also closed.
 *
 *  1. completed (the visit or its appointment)          → appointmentCompleted
 *  2. the appointment was cancelled                      → appointmentCanceled
 *  3. the appointment was marked missed (no-show)        → appointmentMissed
 *  4. the visit was ended by a clinician                 → visitEnded
 *  5. an in-person (pv) appointment has no video call    → unableToJoin
 *  6. more than joinEarlyMinutes before the start        → joinTooEarly {minutes}
 *  7. after the scheduled end plus a grace               → joinOutsideWindow
 *
 * The grace after the end: JOIN_GRACE_MINUTES for a visit not started yet (a late patient), and
 * RUNNING_VISIT_GRACE_MINUTES while a visit is in progress, so a participant whose connection
 * dropped can rejoin a visit that runs over (the stay-or-leave prompt lets it).
 */

export const JOIN_GRACE_MINUTES = 15;
export const RUNNING_VISIT_GRACE_MINUTES = 60;

const MINUTE_MS = 60_000;

export interface JoinableVisit {
  status: VisitStatusCode;
  endedAt: Date | null;
  completedAt: Date | null;
  appointment: { type: string; status: AppointmentStatus; startsAt: Date; endsAt: Date };
}

export function joinRefusal(visit: JoinableVisit, now: Date, joinEarlyMinutes: number): AppError | null {
  const { appointment } = visit;
  if (visit.completedAt || visit.status === 'c' || appointment.status === 'completed') {
    return new AppError('appointmentCompleted');
  }
  if (appointment.status === 'cancelled') return new AppError('appointmentCanceled');
  if (appointment.status === 'noShow') return new AppError('appointmentMissed');
  if (visit.endedAt || visit.status === 'ic') return new AppError('visitEnded');
  if (appointment.type !== 'tv') return new AppError('unableToJoin');
  if (now.getTime() < appointment.startsAt.getTime() - joinEarlyMinutes * MINUTE_MS) {
    return new AppError('joinTooEarly', { params: { minutes: joinEarlyMinutes } });
  }
  const grace = visit.status === 'ip' ? RUNNING_VISIT_GRACE_MINUTES : JOIN_GRACE_MINUTES;
  if (now.getTime() > appointment.endsAt.getTime() + grace * MINUTE_MS) {
    return new AppError('joinOutsideWindow');
  }
  return null;
}

export function assertJoinable(visit: JoinableVisit, now: Date, joinEarlyMinutes: number): void {
  const refusal = joinRefusal(visit, now, joinEarlyMinutes);
  if (refusal) throw refusal;
}
