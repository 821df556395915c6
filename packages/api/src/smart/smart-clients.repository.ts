import { and, asc, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { smartAccessTokens, smartAuthorizationCodes, smartClients, smartLaunches, smartRefreshTokens } from '../db/schema';

export type SmartClientRow = typeof smartClients.$inferSelect;

export async function insertSmartClient(db: Executor, values: typeof smartClients.$inferInsert): Promise<SmartClientRow> {
  const [row] = await db.insert(smartClients).values(values).returning();
  if (!row) throw new Error('smart client insert returned nothing');
  return row;
}

export async function findSmartClient(db: Executor, id: string): Promise<SmartClientRow | undefined> {
  const [row] = await db.select().from(smartClients).where(eq(smartClients.id, id));
  return row;
}

export function listSmartClients(db: Executor, organisationId: string): Promise<SmartClientRow[]> {
  return db.select().from(smartClients).where(eq(smartClients.organisationId, organisationId)).orderBy(desc(smartClients.createdAt));
}

export async function updateSmartClient(db: Executor, id: string, values: Partial<typeof smartClients.$inferInsert>): Promise<SmartClientRow | undefined> {
  const [row] = await db.update(smartClients).set(values).where(eq(smartClients.id, id)).returning();
  return row;
}

/** A token for one assertion; undefined when that assertion (client and jti) was already used. */
export async function insertSmartToken(db: Executor, values: typeof smartAccessTokens.$inferInsert): Promise<{ id: string } | undefined> {
  const [row] = await db.insert(smartAccessTokens).values(values).onConflictDoNothing().returning({ id: smartAccessTokens.id });
  return row;
}

/** The live token with this hash, with its client, if neither has expired nor been revoked. */
export async function findLiveSmartToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      scopes: smartAccessTokens.scopes,
      clientId: smartClients.id,
      organisationId: smartClients.organisationId,
      accountId: smartAccessTokens.accountId,
      sessionId: smartAccessTokens.sessionId,
      patientId: smartAccessTokens.patientId,
    })
    .from(smartAccessTokens)
    .innerJoin(smartClients, eq(smartClients.id, smartAccessTokens.clientId))
    .where(and(eq(smartAccessTokens.tokenHash, tokenHash), gt(smartAccessTokens.expiresAt, now), isNull(smartClients.revokedAt)));
  return row;
}

export type SmartCodeRow = typeof smartAuthorizationCodes.$inferSelect;

export async function insertSmartCode(db: Executor, values: typeof smartAuthorizationCodes.$inferInsert): Promise<void> {
  await db.insert(smartAuthorizationCodes).values(values);
}

/** The code with this hash, marked used in the same statement: undefined when unknown, expired or already used (single use, even under a race). */
export async function useSmartCode(db: Executor, codeHash: string, now: Date): Promise<SmartCodeRow | undefined> {
  const [row] = await db
    .update(smartAuthorizationCodes)
    .set({ usedAt: now })
    .where(and(eq(smartAuthorizationCodes.codeHash, codeHash), isNull(smartAuthorizationCodes.usedAt), gt(smartAuthorizationCodes.expiresAt, now)))
    .returning();
  return row;
}

export async function findSmartCode(db: Executor, codeHash: string): Promise<SmartCodeRow | undefined> {
  const [row] = await db.select().from(smartAuthorizationCodes).where(eq(smartAuthorizationCodes.codeHash, codeHash));
  return row;
}

/** The organisation's live apps that can be opened from a patient's page (they have a launch URL). */
export function listLaunchableApps(db: Executor, organisationId: string): Promise<SmartClientRow[]> {
  return db
    .select()
    .from(smartClients)
    .where(and(eq(smartClients.organisationId, organisationId), eq(smartClients.kind, 'app'), isNotNull(smartClients.launchUrl), isNull(smartClients.revokedAt)))
    .orderBy(asc(smartClients.name));
}

export type SmartLaunchRow = typeof smartLaunches.$inferSelect;

export async function insertSmartLaunch(db: Executor, values: typeof smartLaunches.$inferInsert): Promise<void> {
  await db.insert(smartLaunches).values(values);
}

/** The launch with this hash, if it has not expired. */
export async function findLiveSmartLaunch(db: Executor, launchHash: string, now: Date): Promise<SmartLaunchRow | undefined> {
  const [row] = await db.select().from(smartLaunches).where(and(eq(smartLaunches.launchHash, launchHash), gt(smartLaunches.expiresAt, now)));
  return row;
}

export type SmartRefreshRow = typeof smartRefreshTokens.$inferSelect;

export async function insertSmartRefreshToken(db: Executor, values: typeof smartRefreshTokens.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(smartRefreshTokens).values(values).returning({ id: smartRefreshTokens.id });
  if (!row) throw new Error('refresh token insert returned nothing');
  return row;
}

/** This client's refresh token with this hash, spent in the same statement: undefined when unknown, another client's, expired or already spent. */
export async function useSmartRefreshToken(db: Executor, clientId: string, tokenHash: string, now: Date): Promise<SmartRefreshRow | undefined> {
  const [row] = await db
    .update(smartRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(smartRefreshTokens.tokenHash, tokenHash), eq(smartRefreshTokens.clientId, clientId), isNull(smartRefreshTokens.usedAt), gt(smartRefreshTokens.expiresAt, now)))
    .returning();
  return row;
}

export async function findSmartRefreshToken(db: Executor, tokenHash: string): Promise<SmartRefreshRow | undefined> {
  const [row] = await db.select().from(smartRefreshTokens).where(eq(smartRefreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Ends at once what one authorization code gave (a replayed code, RFC 6749 §4.1.2, or a spent refresh
 * token presented again, RFC 9700 §4.14.2): the chain's refresh tokens and the access tokens they
 * and the code gave.
 */
export async function endSmartRefreshChain(db: Executor, clientId: string, chainId: string, now: Date): Promise<void> {
  const links = await db.update(smartRefreshTokens).set({ usedAt: now }).where(eq(smartRefreshTokens.chainId, chainId)).returning({ id: smartRefreshTokens.id });
  const given = [chainId, ...links.map((link) => link.id)];
  await db
    .update(smartAccessTokens)
    .set({ expiresAt: now })
    .where(and(eq(smartAccessTokens.clientId, clientId), inArray(smartAccessTokens.assertionId, given)));
}
