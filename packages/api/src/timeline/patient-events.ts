import { PATIENT_EVENT_KINDS, type PatientEventKind, type TimelineEvent } from '@opencare/schemas/entities/patients';
import type { LivePatientEvent } from '@opencare/schemas/socket-events';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { patientEvents } from '../db/schema';
import type { Deps } from '../deps';

/** The kinds of event on a patient's timeline (their one list lives in packages/schemas). */
export { PATIENT_EVENT_KINDS, type PatientEventKind };

export interface NewPatientEvent {
  organisationId: string;
  patientAccountId: string;
  kind: PatientEventKind;
  refId?: string;
  at: Date;
  /** A short summary to show on the timeline, never more than the timeline's readers may see. */
  data?: Record<string, unknown>;
}

/** The wire shape of a stored event (the timeline page and the live update send the same). */
export function toTimelineEvent(row: {
  id: number;
  kind: PatientEventKind;
  refId: string | null;
  at: Date;
  data: Record<string, unknown>;
}): TimelineEvent {
  return { id: String(row.id), kind: row.kind, refId: row.refId, at: row.at.toISOString(), data: row.data };
}

/** Writes events on a patient's timeline, in one statement; `changePatientRecord` gives services this function. */
export type RecordPatientEvent = (...events: NewPatientEvent[]) => Promise<void>;

async function insertPatientEvents(db: Executor, events: NewPatientEvent[]): Promise<LivePatientEvent[]> {
  if (events.length === 0) return [];
  const stored = events.map((event) => ({ ...event, refId: event.refId ?? null, data: event.data ?? {} }));
  // PostgreSQL numbers and returns the rows of one multi-row insert in the order they are given.
  const rows = await db.insert(patientEvents).values(stored).returning({ id: patientEvents.id });
  if (rows.length !== stored.length) throw new Error('patient event insert returned too few rows');
  return stored.map((event, i) => ({
    organisationId: event.organisationId,
    patientId: event.patientAccountId,
    event: toTimelineEvent({ ...event, id: rows[i]!.id }),
  }));
}

/**
 * Every service that changes a patient's record does it here: the change and its timeline events in
 * one transaction, so the timeline never shows what did not happen (nor misses what did); once it
 * commits, the events go live to the screens watching that patient.
 */
export async function changePatientRecord<T>(
  deps: Deps,
  work: (tx: Executor, record: RecordPatientEvent) => Promise<T>,
): Promise<T> {
  const recorded: LivePatientEvent[] = [];
  const result = await deps.db.transaction((tx) =>
    work(tx, async (...events) => {
      recorded.push(...(await insertPatientEvents(tx, events)));
    }),
  );
  for (const event of recorded) deps.live.patientEvent(event);
  return result;
}

/**
 * Tells the watching screens again what the timeline says of readings already stored: the reading,
 * the task it completed, the alert it opened or raised, under their stored ids (screens take each
 * event once). A retried upload is answered as a replay, and its first attempt may have been stored
 * by an edge that died, or lost its database's answer, before it told anyone. A reading's events
 * are at its time, which the timeline's index finds.
 */
export async function retellReadingEvents(
  deps: Deps,
  patientAccountId: string,
  readings: readonly { id: string; takenAt: Date }[],
): Promise<LivePatientEvent[]> {
  if (readings.length === 0) return [];
  const ids = readings.map((reading) => reading.id);
  const rows = await deps.db
    .select({
      id: patientEvents.id,
      organisationId: patientEvents.organisationId,
      kind: patientEvents.kind,
      refId: patientEvents.refId,
      at: patientEvents.at,
      data: patientEvents.data,
    })
    .from(patientEvents)
    .where(
      and(
        eq(patientEvents.patientAccountId, patientAccountId),
        inArray(patientEvents.at, [...new Set(readings.map((reading) => reading.takenAt.getTime()))].map((time) => new Date(time))),
        or(
          and(eq(patientEvents.kind, 'measurement'), inArray(patientEvents.refId, ids)),
          and(inArray(patientEvents.kind, ['taskCompleted', 'alert']), inArray(sql<string>`${patientEvents.data}->>'measurementId'`, ids)),
        ),
      ),
    )
    .orderBy(asc(patientEvents.at), asc(patientEvents.id));
  const told = rows.map(({ organisationId, ...row }) => ({
    organisationId,
    patientId: patientAccountId,
    event: toTimelineEvent({ ...row, kind: row.kind as PatientEventKind }),
  }));
  for (const event of told) deps.live.patientEvent(event);
  return told;
}

/**
 * A page of a patient's timeline in the order things happened, newest first. `beforeId` is the last
 * event of the previous page: events are ordered by when they happened, then by id, so a reading
 * uploaded late still lands at its time and paging neither skips nor repeats. The cursor's time is
 * read back from the database rather than carried by the client, so it keeps its full (microsecond)
 * precision.
 */
export async function listPatientEvents(
  db: Executor,
  patientAccountId: string,
  limit: number,
  beforeId?: number,
) {
  const cursor = (column: 'at' | 'id') =>
    sql`(select ${sql.identifier(column)} from ${patientEvents} where ${patientEvents.id} = ${beforeId})`;
  const older =
    beforeId === undefined
      ? undefined
      : or(
          lt(patientEvents.at, cursor('at')),
          and(eq(patientEvents.at, cursor('at')), lt(patientEvents.id, beforeId)),
        );
  return db
    .select({
      id: patientEvents.id,
      kind: patientEvents.kind,
      refId: patientEvents.refId,
      at: patientEvents.at,
      data: patientEvents.data,
    })
    .from(patientEvents)
    .where(and(eq(patientEvents.patientAccountId, patientAccountId), older))
    .orderBy(desc(patientEvents.at), desc(patientEvents.id))
    .limit(limit);
}

/** Whether an event is on this patient's timeline: a cursor from another timeline is refused. */
export async function isEventOfPatient(
  db: Executor,
  patientAccountId: string,
  eventId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: patientEvents.id })
    .from(patientEvents)
    .where(and(eq(patientEvents.id, eventId), eq(patientEvents.patientAccountId, patientAccountId)));
  return row !== undefined;
}
