import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { apiKeys } from '../db/schema';

const columns = {
  id: apiKeys.id,
  organisationId: apiKeys.organisationId,
  name: apiKeys.name,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};
export type ApiKeyRow = NonNullable<Awaited<ReturnType<typeof findApiKey>>>;

export async function insertApiKey(
  db: Executor,
  values: { organisationId: string; name: string; keyHash: string; createdByAccountId: string },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning(columns);
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

export async function findApiKey(db: Executor, id: string) {
  const [row] = await db.select(columns).from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

export function listApiKeys(db: Executor, organisationId: string): Promise<ApiKeyRow[]> {
  return db.select(columns).from(apiKeys).where(eq(apiKeys.organisationId, organisationId)).orderBy(desc(apiKeys.createdAt));
}

/** The live key with this hash, marked as used now. */
export async function useApiKey(db: Executor, keyHash: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .returning(columns);
  return row;
}

export async function revokeApiKey(db: Executor, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning(columns);
  return row;
}
