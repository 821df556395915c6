import type { VisitParticipant, VisitParticipantRole } from '@opencare/schemas/entities/visits';
import { and, asc, eq, inArray, isNotNull, isNull, min } from 'drizzle-orm';
import { fullNameOf } from '../accounts/account.dto';
import type { Executor } from '../db/database';
import { appointments, profiles, telehealthInvitations, visitParticipants, visits } from '../db/schema';

/** Who is in a visit, on which device: rows stay once closed (left_at), as the visit's attendance. */

const participantColumns = {
  id: visitParticipants.id,
  accountId: visitParticipants.accountId,
  invitationId: visitParticipants.invitationId,
  role: visitParticipants.role,
  deviceId: visitParticipants.deviceId,
  joinedAt: visitParticipants.joinedAt,
  admittedAt: visitParticipants.admittedAt,
  // Left-joined: an account's profile, or the guest's name on their invitation.
  profile: { firstName: profiles.firstName, middleName: profiles.middleName, lastName: profiles.lastName },
  guestName: telehealthInvitations.fullName,
  guestRole: telehealthInvitations.role,
};

type ParticipantRow = Awaited<ReturnType<typeof selectActive>>[number];

export interface ActiveParticipant extends VisitParticipant {
  /** The row's own id, to close it. */
  rowId: string;
  invitationId: string | null;
}

function toParticipant(row: ParticipantRow): ActiveParticipant {
  return {
    rowId: row.id,
    invitationId: row.invitationId,
    accountId: row.accountId,
    fullName: row.profile ? fullNameOf(row.profile) : (row.guestName ?? ''),
    role: row.role as VisitParticipantRole,
    guestRole: row.guestRole,
    deviceId: row.deviceId,
    joinedAt: row.joinedAt.toISOString(),
    admitted: row.admittedAt !== null,
  };
}

function selectActive(db: Executor, visitId: string, extra?: ReturnType<typeof and>) {
  return db
    .select(participantColumns)
    .from(visitParticipants)
    .leftJoin(profiles, eq(profiles.accountId, visitParticipants.accountId))
    .leftJoin(telehealthInvitations, eq(telehealthInvitations.id, visitParticipants.invitationId))
    .where(and(eq(visitParticipants.visitId, visitId), isNull(visitParticipants.leftAt), extra))
    .orderBy(asc(visitParticipants.joinedAt), asc(visitParticipants.id));
}

/** Everyone in the visit now, first come first. */
export async function findActiveParticipants(db: Executor, visitId: string): Promise<ActiveParticipant[]> {
  return (await selectActive(db, visitId)).map(toParticipant);
}

export async function findActiveByDevice(
  db: Executor,
  visitId: string,
  deviceId: string,
): Promise<ActiveParticipant | undefined> {
  const [row] = await selectActive(db, visitId, and(eq(visitParticipants.deviceId, deviceId)));
  return row ? toParticipant(row) : undefined;
}

export type Person = { accountId: string } | { invitationId: string };

const isPerson = (person: Person) =>
  'accountId' in person
    ? eq(visitParticipants.accountId, person.accountId)
    : eq(visitParticipants.invitationId, person.invitationId);

/** Whether this place is that person's (an account's, or a guest's by their invitation). */
export const isPersonOf = (place: ActiveParticipant, person: Person) =>
  'accountId' in person ? place.accountId === person.accountId : place.invitationId === person.invitationId;

/** The devices a person (an account, or a guest by their invitation) is in the visit with. */
export async function findActiveOfPerson(db: Executor, visitId: string, person: Person): Promise<ActiveParticipant[]> {
  return (await selectActive(db, visitId, and(isPerson(person)))).map(toParticipant);
}

/** Whether this person was let in earlier in this visit: back after a reload, they do not wait again. */
export async function wasAdmitted(db: Executor, visitId: string, person: Person): Promise<boolean> {
  const [row] = await db
    .select({ id: visitParticipants.id })
    .from(visitParticipants)
    .where(and(eq(visitParticipants.visitId, visitId), isPerson(person), isNotNull(visitParticipants.admittedAt)))
    .limit(1);
  return row !== undefined;
}

/** Let waiting devices in (the ones named, or all); returns the devices let in now. */
export async function admitParticipants(
  db: Executor,
  visitId: string,
  deviceIds: string[] | undefined,
  at: Date,
): Promise<string[]> {
  const admitted = await db
    .update(visitParticipants)
    .set({ admittedAt: at })
    .where(
      and(
        eq(visitParticipants.visitId, visitId),
        isNull(visitParticipants.leftAt),
        isNull(visitParticipants.admittedAt),
        deviceIds ? inArray(visitParticipants.deviceId, deviceIds) : undefined,
      ),
    )
    .returning({ deviceId: visitParticipants.deviceId });
  return admitted.map((place) => place.deviceId);
}

/**
 * The provider's line: their visits with someone in the waiting room, longest wait first. A
 * visit's place in line is its position here.
 */
export async function findWaitingLine(
  db: Executor,
  providerAccountId: string,
): Promise<{ visitId: string; runningLateMinutes: number | null }[]> {
  const since = min(visitParticipants.joinedAt);
  return db
    .select({ visitId: visitParticipants.visitId, runningLateMinutes: visits.runningLateMinutes })
    .from(visitParticipants)
    .innerJoin(visits, eq(visits.id, visitParticipants.visitId))
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(appointments.providerAccountId, providerAccountId),
        isNull(visitParticipants.leftAt),
        isNull(visitParticipants.admittedAt),
      ),
    )
    .groupBy(visitParticipants.visitId, visits.runningLateMinutes)
    .orderBy(asc(since), asc(visitParticipants.visitId));
}

/** The visits where any of these accounts holds an open place (a disabled person leaves them all). */
export async function findVisitsWithAccounts(db: Executor, accountIds: string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({ visitId: visitParticipants.visitId })
    .from(visitParticipants)
    .where(and(inArray(visitParticipants.accountId, accountIds), isNull(visitParticipants.leftAt)));
  return [...new Set(rows.map((r) => r.visitId))];
}

export async function insertParticipant(
  db: Executor,
  values: {
    visitId: string;
    accountId: string | null;
    invitationId: string | null;
    role: VisitParticipantRole;
    deviceId: string;
    joinedAt: Date;
    admittedAt: Date | null;
  },
): Promise<void> {
  await db.insert(visitParticipants).values(values);
}

export async function closeParticipant(db: Executor, rowId: string, at: Date): Promise<void> {
  await db
    .update(visitParticipants)
    .set({ leftAt: at })
    .where(and(eq(visitParticipants.id, rowId), isNull(visitParticipants.leftAt)));
}

/** Close every open place of a visit; returns the devices that held them. */
export async function closeAllParticipants(db: Executor, visitId: string, at: Date): Promise<string[]> {
  const closed = await db
    .update(visitParticipants)
    .set({ leftAt: at })
    .where(and(eq(visitParticipants.visitId, visitId), isNull(visitParticipants.leftAt)))
    .returning({ deviceId: visitParticipants.deviceId });
  return closed.map((place) => place.deviceId);
}

/**
 * Lock a visit's row for the rest of the transaction: joins, leaves, starts and ends of one visit
 * take turns, so the one-device-per-person rule holds when two devices join at the same moment.
 */
export async function lockVisit(db: Executor, visitId: string): Promise<void> {
  await db.select({ id: visits.id }).from(visits).where(eq(visits.id, visitId)).for('update');
}
