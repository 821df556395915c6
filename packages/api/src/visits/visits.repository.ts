import { OPEN_APPOINTMENT_STATUSES } from '@opencare/schemas/entities/appointments';
import type { VisitStatusCode } from '@opencare/schemas/statuses';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointmentColumns, patientProfile, providerProfile } from '../appointments/appointments.repository';
import type { Executor } from '../db/database';
import { appointments, profiles, visitNoteAddenda, visits } from '../db/schema';

const completedByProfile = alias(profiles, 'completed_by_profile');
const signedByProfile = alias(profiles, 'signed_by_profile');

const visitColumns = {
  ...appointmentColumns,
  details: {
    startedAt: visits.startedAt,
    endedAt: visits.endedAt,
    summary: visits.summary,
    notes: visits.notes,
    notesSignedAt: visits.notesSignedAt,
    runningLateMinutes: visits.runningLateMinutes,
  },
  // Left-joined: leads with its key, so drizzle reads "not completed" as null.
  completedBy: {
    accountId: completedByProfile.accountId,
    firstName: completedByProfile.firstName,
    middleName: completedByProfile.middleName,
    lastName: completedByProfile.lastName,
  },
  signedBy: {
    accountId: signedByProfile.accountId,
    firstName: signedByProfile.firstName,
    middleName: signedByProfile.middleName,
    lastName: signedByProfile.lastName,
  },
};

export type VisitRow = NonNullable<Awaited<ReturnType<typeof findVisit>>>;

function selectVisits(db: Executor) {
  return db
    .select(visitColumns)
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .innerJoin(patientProfile, eq(patientProfile.accountId, appointments.patientAccountId))
    .innerJoin(providerProfile, eq(providerProfile.accountId, appointments.providerAccountId))
    .leftJoin(completedByProfile, eq(completedByProfile.accountId, visits.completedByAccountId))
    .leftJoin(signedByProfile, eq(signedByProfile.accountId, visits.notesSignedByAccountId))
    .$dynamic();
}

export async function findVisit(db: Executor, id: string) {
  const [row] = await selectVisits(db).where(eq(visits.id, id));
  return row;
}

/**
 * The visit, locked until the transaction ends (its row only: the profiles joined stay unlocked),
 * read in the same statement: whoever changes its status or places waits for it.
 */
export async function findVisitForUpdate(tx: Executor, id: string) {
  const [row] = await selectVisits(tx).where(eq(visits.id, id)).for('update', { of: visits });
  return row;
}

export async function findVisitByCode(db: Executor, code: string) {
  const [row] = await selectVisits(db).where(eq(visits.code, code));
  return row;
}

export interface VisitFilter {
  organisationId: string;
  patientAccountId?: string;
  providerAccountId?: string;
  status?: VisitStatusCode;
  /** Only visits whose appointment has begun, was not cancelled, and that no one has completed. */
  incompleteAt?: Date;
}

function whereOf(f: VisitFilter): SQL | undefined {
  return and(
    eq(visits.organisationId, f.organisationId),
    f.patientAccountId ? eq(appointments.patientAccountId, f.patientAccountId) : undefined,
    f.providerAccountId ? eq(appointments.providerAccountId, f.providerAccountId) : undefined,
    f.status ? eq(visits.status, f.status) : undefined,
    ...(f.incompleteAt
      ? [
          isNull(visits.completedAt),
          // Begun: its time has come, or it was held early.
          or(lte(appointments.startsAt, f.incompleteAt), isNotNull(visits.startedAt)),
          inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]),
        ]
      : []),
  );
}

export async function listVisits(db: Executor, filter: VisitFilter, page: number, pageSize: number) {
  const where = whereOf(filter);
  const rows = await selectVisits(db)
    .where(where)
    .orderBy(desc(appointments.startsAt), desc(visits.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function insertVisit(
  db: Executor,
  values: { organisationId: string; appointmentId: string; code: string },
): Promise<string> {
  const [row] = await db.insert(visits).values(values).returning({ id: visits.id });
  if (!row) throw new Error('visit insert returned nothing');
  return row.id;
}

export async function setVisitStatusOfAppointment(
  db: Executor,
  appointmentId: string,
  status: VisitStatusCode,
) {
  await db.update(visits).set({ status }).where(eq(visits.appointmentId, appointmentId));
}

export async function completeVisitRow(
  db: Executor,
  id: string,
  values: { summary: string; notes: string; completedAt: Date; completedByAccountId: string },
): Promise<boolean> {
  // Only a visit no one completed yet: of two clinicians completing it at once, one wins.
  const done = await db
    .update(visits)
    // A visit completed without being ended (in person, or the call never closed) ends now.
    .set({ ...values, status: 'c', endedAt: sql`coalesce(${visits.endedAt}, ${values.completedAt.toISOString()}::timestamptz)` })
    .where(and(eq(visits.id, id), isNull(visits.completedAt)))
    .returning({ id: visits.id });
  return done.length > 0;
}

/** A patient (or guest) checked in before the clinician started: pending becomes waiting. */
export async function markVisitWaiting(db: Executor, id: string): Promise<boolean> {
  const done = await db
    .update(visits)
    .set({ status: 'w' })
    .where(and(eq(visits.id, id), eq(visits.status, 'p')))
    .returning({ id: visits.id });
  return done.length > 0;
}

/** The provider's word to the waiting room; null: on time. */
export async function setRunningLateRow(db: Executor, id: string, minutes: number | null): Promise<void> {
  await db.update(visits).set({ runningLateMinutes: minutes }).where(eq(visits.id, id));
}

/** Pending or waiting becomes in progress, once: a second start changes nothing. */
export async function startVisitRow(db: Executor, id: string, at: Date): Promise<boolean> {
  const done = await db
    .update(visits)
    .set({ status: 'ip', startedAt: at })
    .where(and(eq(visits.id, id), inArray(visits.status, ['p', 'w']), isNull(visits.endedAt)))
    .returning({ id: visits.id });
  return done.length > 0;
}

/** The call is over: ended-incomplete until a clinician completes it with summary and notes. */
export async function endVisitRow(db: Executor, id: string, at: Date): Promise<boolean> {
  const done = await db
    .update(visits)
    .set({ status: 'ic', endedAt: at })
    .where(and(eq(visits.id, id), isNull(visits.endedAt), isNull(visits.completedAt)))
    .returning({ id: visits.id });
  return done.length > 0;
}

/** Notes change only while unsigned: a signed note is locked (the caller refuses before this). */
export async function updateVisitNotes(db: Executor, id: string, notes: string): Promise<boolean> {
  const done = await db
    .update(visits)
    .set({ notes })
    .where(and(eq(visits.id, id), isNotNull(visits.completedAt), isNull(visits.notesSignedAt)))
    .returning({ id: visits.id });
  return done.length > 0;
}

/** Signs the note once: of two clinicians signing at once, one wins. */
export async function signVisitNotes(db: Executor, id: string, accountId: string, at: Date): Promise<boolean> {
  const done = await db
    .update(visits)
    .set({ notesSignedAt: at, notesSignedByAccountId: accountId })
    .where(and(eq(visits.id, id), isNotNull(visits.completedAt), isNull(visits.notesSignedAt)))
    .returning({ id: visits.id });
  return done.length > 0;
}

export async function insertNoteAddendum(
  db: Executor,
  values: { visitId: string; authorAccountId: string; text: string; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(visitNoteAddenda).values(values).returning({ id: visitNoteAddenda.id });
  if (!row) throw new Error('addendum insert returned nothing');
  return row.id;
}

/** The addenda of some visits' notes, oldest first, with their authors' names. */
export async function listNoteAddenda(db: Executor, visitIds: readonly string[]) {
  if (visitIds.length === 0) return [];
  return db
    .select({
      id: visitNoteAddenda.id,
      visitId: visitNoteAddenda.visitId,
      text: visitNoteAddenda.text,
      createdAt: visitNoteAddenda.createdAt,
      author: {
        accountId: profiles.accountId,
        firstName: profiles.firstName,
        middleName: profiles.middleName,
        lastName: profiles.lastName,
      },
    })
    .from(visitNoteAddenda)
    .innerJoin(profiles, eq(profiles.accountId, visitNoteAddenda.authorAccountId))
    .where(inArray(visitNoteAddenda.visitId, [...visitIds]))
    .orderBy(asc(visitNoteAddenda.createdAt), asc(visitNoteAddenda.id));
}
export type NoteAddendumRow = Awaited<ReturnType<typeof listNoteAddenda>>[number];

/** Visits by id (the timeline's completed visits), for one patient only. */
export async function findVisitsOfPatient(db: Executor, patientAccountId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectVisits(db).where(and(inArray(visits.id, [...ids]), eq(appointments.patientAccountId, patientAccountId)));
}
