import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import {
  alerts,
  appointments,
  measurements,
  messageThreads,
  messages,
  profiles,
  threadReads,
} from '../db/schema';

/**
 * The reads behind a patient's snapshot. They read the tables of other features directly (readings,
 * tasks, mail, alerts, appointments) with explicit columns: the snapshot only counts and summarises.
 */

const readingColumns = {
  id: measurements.id,
  type: measurements.type,
  values: measurements.values,
  takenAt: measurements.takenAt,
  rangeClass: measurements.rangeClass,
  meal: measurements.meal,
};

/**
 * The latest reading of each measurement type the patient has taken (DISTINCT ON needs the database
 * itself). The newest id of each type comes from the (patient, type, taken_at, id) index alone,
 * then only those rows are read: a patient's every reading is never fetched (bench/scale.ts).
 */
export function latestReadingPerType(db: Pick<Database, 'select' | 'selectDistinctOn'>, patientAccountId: string) {
  const newest = db
    .selectDistinctOn([measurements.type], { id: measurements.id })
    .from(measurements)
    .where(eq(measurements.patientAccountId, patientAccountId))
    .orderBy(asc(measurements.type), desc(measurements.takenAt), desc(measurements.id));
  return db.select(readingColumns).from(measurements).where(inArray(measurements.id, newest)).orderBy(asc(measurements.type));
}

/** Readings of one type in [from, to], the latest `limit` of them, newest first. */
export function readingsBetween(
  db: Executor,
  patientAccountId: string,
  type: string,
  from: Date,
  to: Date,
  limit: number,
) {
  return db
    .select(readingColumns)
    .from(measurements)
    .where(
      and(
        eq(measurements.patientAccountId, patientAccountId),
        eq(measurements.type, type),
        gte(measurements.takenAt, from),
        lte(measurements.takenAt, to),
      ),
    )
    .orderBy(desc(measurements.takenAt), desc(measurements.id))
    .limit(limit);
}

/**
 * The patient's mail threads, when the last message came, and how many messages the reader has not
 * read yet: those after the reader's last read of their thread, not counting the reader's own.
 */
export async function messageSummary(db: Executor, patientAccountId: string, readerAccountId: string) {
  const [threads] = await db
    .select({
      n: sql<number>`count(*)::int`,
      last: sql<Date | null>`max(${messageThreads.lastMessageAt})`.mapWith(messageThreads.lastMessageAt),
    })
    .from(messageThreads)
    .where(eq(messageThreads.patientAccountId, patientAccountId));
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .leftJoin(
      threadReads,
      and(eq(threadReads.threadId, messages.threadId), eq(threadReads.accountId, readerAccountId)),
    )
    .where(
      and(
        eq(messageThreads.patientAccountId, patientAccountId),
        or(isNull(messages.senderAccountId), ne(messages.senderAccountId, readerAccountId)),
        or(isNull(threadReads.lastReadAt), gt(messages.createdAt, threadReads.lastReadAt)),
      ),
    );
  return { threads: threads?.n ?? 0, unread: unread?.n ?? 0, lastMessageAt: threads?.last ?? null };
}

/** Alerts nobody has acknowledged yet. */
export async function openAlertCount(db: Executor, patientAccountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(and(eq(alerts.patientAccountId, patientAccountId), isNull(alerts.acknowledgedAt)));
  return row?.n ?? 0;
}

/** The patient's next appointments that have not ended and still stand. */
export function upcomingAppointments(db: Executor, patientAccountId: string, now: Date, limit: number) {
  return db
    .select({
      id: appointments.id,
      type: appointments.type,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      providerAccountId: appointments.providerAccountId,
      provider: { firstName: profiles.firstName, middleName: profiles.middleName, lastName: profiles.lastName },
    })
    .from(appointments)
    .leftJoin(profiles, eq(profiles.accountId, appointments.providerAccountId))
    .where(
      and(
        eq(appointments.patientAccountId, patientAccountId),
        gte(appointments.endsAt, now),
        notInArray(appointments.status, ['cancelled', 'completed', 'noShow']),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(limit);
}
