import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { patientEvents } from '../db/schema';

/** The kinds of event on a patient's timeline. */
export const PATIENT_EVENT_KINDS = [
  'measurement',
  'alert',
  'taskCompleted',
  'message',
  'appointment',
  'visit',
  'gateway',
] as const;
export type PatientEventKind = (typeof PATIENT_EVENT_KINDS)[number];

export interface NewPatientEvent {
  organisationId: string;
  patientAccountId: string;
  kind: PatientEventKind;
  refId?: string;
  at: Date;
  /** A short summary to show on the timeline, never more than the timeline's readers may see. */
  data?: Record<string, unknown>;
}

/**
 * Every service that changes a patient's record writes its event here, in the same transaction as
 * the change, so the timeline never shows what did not happen (nor misses what did).
 */
export async function recordPatientEvent(db: Executor, event: NewPatientEvent): Promise<number> {
  const [row] = await db
    .insert(patientEvents)
    .values({ ...event, refId: event.refId ?? null, data: event.data ?? {} })
    .returning({ id: patientEvents.id });
  if (!row) throw new Error('patient event insert returned nothing');
  return row.id;
}

/**
 * A page of a patient's timeline in the order things happened, newest first. `before` is the last
 * event of the previous page: events are ordered by when they happened, then by id, so a reading
 * uploaded late still lands at its time and paging neither skips nor repeats.
 */
export async function listPatientEvents(
  db: Executor,
  patientAccountId: string,
  limit: number,
  before?: { at: Date; id: number },
) {
  const older = before
    ? or(
        lt(patientEvents.at, before.at),
        and(eq(patientEvents.at, before.at), lt(patientEvents.id, before.id)),
      )
    : undefined;
  return db
    .select()
    .from(patientEvents)
    .where(and(eq(patientEvents.patientAccountId, patientAccountId), older))
    .orderBy(desc(patientEvents.at), desc(patientEvents.id))
    .limit(limit);
}
