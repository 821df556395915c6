import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { invitations, organisations } from '../db/schema';

const columns = {
  id: invitations.id,
  organisationId: invitations.organisationId,
  email: invitations.email,
  role: invitations.role,
  accountType: invitations.accountType,
  status: invitations.status,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  lastSentAt: invitations.lastSentAt,
};
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;
export type InvitationState = 'pending' | 'accepted' | 'expired' | 'revoked';

export async function findInvitation(db: Executor, id: string) {
  const [row] = await db.select(columns).from(invitations).where(eq(invitations.id, id));
  return row;
}

export async function findInvitationByToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ ...columns, organisationName: organisations.name })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/** Expired is not stored: a pending invitation past its date is expired. */
function stateFilter(state: InvitationState, now: Date): SQL | undefined {
  if (state === 'pending') return and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, now));
  if (state === 'expired') return and(eq(invitations.status, 'pending'), lte(invitations.expiresAt, now));
  return eq(invitations.status, state);
}

export async function listInvitations(
  db: Executor,
  organisationId: string | null,
  state: InvitationState | undefined,
  page: number,
  pageSize: number,
  now: Date,
) {
  const where = and(
    organisationId ? eq(invitations.organisationId, organisationId) : undefined,
    state ? stateFilter(state, now) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(invitations)
    .where(where)
    .orderBy(desc(invitations.createdAt))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(invitations).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function insertInvitation(db: Executor, values: typeof invitations.$inferInsert): Promise<string> {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  if (!row) throw new Error('invitation insert returned nothing');
  return row.id;
}

export async function updateInvitation(db: Executor, id: string, values: Partial<typeof invitations.$inferInsert>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(invitations).set(values).where(eq(invitations.id, id));
}

/** Marks a pending invitation accepted; false when another request accepted or revoked it first. */
export async function acceptInvitation(db: Executor, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ status: 'accepted', acceptedAt: new Date(), acceptedUserId: userId })
    .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export async function deleteInvitation(db: Executor, id: string): Promise<void> {
  await db.delete(invitations).where(eq(invitations.id, id));
}
