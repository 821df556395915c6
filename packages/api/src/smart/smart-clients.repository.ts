import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { smartAccessTokens, smartClients } from '../db/schema';

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
    .select({ scopes: smartAccessTokens.scopes, clientId: smartClients.id, organisationId: smartClients.organisationId })
    .from(smartAccessTokens)
    .innerJoin(smartClients, eq(smartClients.id, smartAccessTokens.clientId))
    .where(and(eq(smartAccessTokens.tokenHash, tokenHash), gt(smartAccessTokens.expiresAt, now), isNull(smartClients.revokedAt)));
  return row;
}
