import { and, desc, eq, gt, gte, isNotNull, isNull, lt, max, ne } from 'drizzle-orm';
import { readingDayCount } from '../billing/billing.repository';
import type { Executor } from '../db/database';
import { appointments, careTimeEntries, measurements, messages, visitParticipants, visits } from '../db/schema';

export type CareTimeRow = typeof careTimeEntries.$inferSelect;
export type NewCareTime = typeof careTimeEntries.$inferInsert;

export async function insertCareTime(db: Executor, rows: NewCareTime[]): Promise<CareTimeRow[]> {
  if (rows.length === 0) return [];
  return db.insert(careTimeEntries).values(rows).returning();
}

/**
 * Take back a visit's counted time to count it again (the visit went on, or ended, after everyone
 * had left once). Entries a person corrected stay: the clinicians they belong to, returned, keep them.
 */
export async function replaceableVisitTime(db: Executor, visitId: string): Promise<Set<string>> {
  await db.delete(careTimeEntries).where(and(eq(careTimeEntries.visitId, visitId), eq(careTimeEntries.source, 'visit'), isNull(careTimeEntries.correctedAt)));
  const kept = await db.select({ clinician: careTimeEntries.clinicianAccountId }).from(careTimeEntries).where(and(eq(careTimeEntries.visitId, visitId), eq(careTimeEntries.source, 'visit')));
  return new Set(kept.map((r) => r.clinician));
}

/** Whether the clinician sits in a video visit (a seat not left) of a patient other than this one. */
export async function inVisitOfAnotherPatient(db: Executor, clinicianAccountId: string, patientAccountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: visitParticipants.id })
    .from(visitParticipants)
    .innerJoin(visits, eq(visits.id, visitParticipants.visitId))
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(and(eq(visitParticipants.accountId, clinicianAccountId), isNull(visitParticipants.leftAt), ne(appointments.patientAccountId, patientAccountId)))
    .limit(1);
  return row !== undefined;
}

export async function findCareTime(db: Executor, id: string): Promise<CareTimeRow | undefined> {
  const [row] = await db.select().from(careTimeEntries).where(eq(careTimeEntries.id, id));
  return row;
}

/** The clinician's chart entry still running (its last beat within `since`), on any patient. */
export async function latestChartEntry(db: Executor, clinicianAccountId: string, since: Date): Promise<CareTimeRow | undefined> {
  const [row] = await db
    .select()
    .from(careTimeEntries)
    .where(
      and(
        eq(careTimeEntries.clinicianAccountId, clinicianAccountId),
        eq(careTimeEntries.source, 'chart'),
        gte(careTimeEntries.endedAt, since),
      ),
    )
    .orderBy(desc(careTimeEntries.endedAt))
    .limit(1);
  return row;
}

export async function extendCareTime(db: Executor, id: string, endedAt: Date): Promise<void> {
  await db.update(careTimeEntries).set({ endedAt }).where(eq(careTimeEntries.id, id));
}

/** Whether any of the clinician's entries (any patient) shares a moment with [from, to), but `except`. */
export async function clinicianBusy(db: Executor, clinicianAccountId: string, from: Date, to: Date, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: careTimeEntries.id })
    .from(careTimeEntries)
    .where(
      and(
        eq(careTimeEntries.clinicianAccountId, clinicianAccountId),
        lt(careTimeEntries.startedAt, to),
        gt(careTimeEntries.endedAt, from),
        except ? ne(careTimeEntries.id, except) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function correctCareTimeRow(
  db: Executor,
  row: CareTimeRow,
  change: { endedAt: Date; reason: string; byAccountId: string; at: Date },
): Promise<CareTimeRow> {
  const [updated] = await db
    .update(careTimeEntries)
    .set({
      endedAt: change.endedAt,
      correctionReason: change.reason,
      correctedAt: change.at,
      correctedByAccountId: change.byAccountId,
      // The stretch as first counted is kept once, whatever later corrections do.
      originalStartedAt: row.originalStartedAt ?? row.startedAt,
      originalEndedAt: row.originalEndedAt ?? row.endedAt,
    })
    .where(eq(careTimeEntries.id, row.id))
    .returning();
  return updated ?? row;
}

/** A patient's entries that began in [from, to), newest first. */
export function careTimeOfPatient(db: Executor, patientAccountId: string, from: Date, to: Date): Promise<CareTimeRow[]> {
  return db
    .select()
    .from(careTimeEntries)
    .where(
      and(
        eq(careTimeEntries.patientAccountId, patientAccountId),
        gte(careTimeEntries.startedAt, from),
        lt(careTimeEntries.startedAt, to),
      ),
    )
    .orderBy(desc(careTimeEntries.startedAt), desc(careTimeEntries.id));
}

/** Days in [from, to) on which the patient took readings, on the organisation's calendar. */
export async function readingDaysOfPatient(db: Executor, patientAccountId: string, from: Date, to: Date, timeZone: string): Promise<number> {
  const [row] = await db
    .select({ days: readingDayCount(timeZone) })
    .from(measurements)
    .where(and(eq(measurements.patientAccountId, patientAccountId), gte(measurements.takenAt, from), lt(measurements.takenAt, to)));
  return row?.days ?? 0;
}

/** The seats signed-in providers held in a visit: who was in the call, from when to when. */
export function providerSeats(db: Executor, visitId: string) {
  return db
    .select({ accountId: visitParticipants.accountId, joinedAt: visitParticipants.joinedAt, leftAt: visitParticipants.leftAt })
    .from(visitParticipants)
    .where(and(eq(visitParticipants.visitId, visitId), eq(visitParticipants.role, 'provider'), isNotNull(visitParticipants.accountId)));
}

/** Where the clinician's counted time ends last (any patient), if after `after`. */
export async function lastCountedEnd(db: Executor, clinicianAccountId: string, after: Date): Promise<Date | null> {
  const [row] = await db
    .select({ end: max(careTimeEntries.endedAt) })
    .from(careTimeEntries)
    .where(and(eq(careTimeEntries.clinicianAccountId, clinicianAccountId), gt(careTimeEntries.endedAt, after)));
  return row?.end ?? null;
}

/** Whether someone has written in the thread (the patient, say). */
export async function threadHasMessageFrom(db: Executor, threadId: string, senderAccountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.threadId, threadId), eq(messages.senderAccountId, senderAccountId)))
    .limit(1);
  return row !== undefined;
}

/** The patient answered: the clinicians' writing in the thread was a two-way exchange. */
export async function markThreadInteractive(db: Executor, threadId: string): Promise<void> {
  await db
    .update(careTimeEntries)
    .set({ interactive: true })
    .where(and(eq(careTimeEntries.threadId, threadId), eq(careTimeEntries.interactive, false)));
}
