import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { accountRoles, accounts, organisationSettings, refreshTokens, sessions, users } from '../db/schema';

export async function insertSession(
  db: Executor,
  values: { userId: string; expiresAt: Date; ip: string; userAgent?: string },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, userAgent: values.userAgent?.slice(0, 300) })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export async function findSession(db: Executor, id: string) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.id, id));
  return row;
}

/**
 * A session and what acting on it needs, in one statement (issue 20: every request asks): its user,
 * each of the user's accounts with its roles, and the stored security settings of the account's
 * organisation. One row per account (a single row without one when the user has none); no row for
 * an unknown session.
 */
export function findSessionWithAccounts(db: Executor, id: string) {
  return sessionWithAccounts(db).execute({ id });
}

const sessionWithAccounts = preparedStatement((db) =>
  db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        lastUsedAt: sessions.lastUsedAt,
        revokedAt: sessions.revokedAt,
      },
      // Left-joined objects lead with their key: drizzle reads a null first column as "no row".
      user: { id: users.id, status: users.status, isLocked: users.isLocked },
      account: {
        id: accounts.id,
        organisationId: accounts.organisationId,
        accountType: accounts.accountType,
        status: accounts.status,
        isDefault: accounts.isDefault,
      },
      roles: sql<number[]>`array(
        select ${accountRoles.role} from ${accountRoles} where ${accountRoles.accountId} = ${accounts.id}
      )`,
      security: organisationSettings.values,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.userId, sessions.userId))
    .leftJoin(
      organisationSettings,
      and(
        eq(organisationSettings.organisationId, accounts.organisationId),
        eq(organisationSettings.area, 'security'),
      ),
    )
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_with_accounts'),
);

export async function revokeSession(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revoke every live session of a user, but `exceptSessionId` when given. */
export async function revokeSessionsOfUser(db: Executor, userId: string, reason: string, exceptSessionId?: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export function listActiveSessions(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}`))
    .orderBy(desc(sessions.lastUsedAt));
}

export async function insertRefreshToken(db: Executor, sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a refresh token used; false when another request used it first (a replay). */
export async function useRefreshToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function touchSession(db: Executor, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: new Date(), expiresAt }).where(eq(sessions.id, id));
}

/** A session was used just now (an authenticated request): its inactivity clock starts again. */
export async function markSessionUsed(db: Executor, id: string): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, id));
}
