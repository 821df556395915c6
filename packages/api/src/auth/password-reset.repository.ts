import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { passwordResetTokens } from '../db/schema';

export async function insertPasswordResetToken(db: Executor, row: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/** Only the newest link works: the unused ones before it are dropped when a new one is sent. */
export async function deleteUnusedPasswordResetTokens(db: Executor, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function findPasswordResetToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** Mark used if nobody has: of two racing confirmations exactly one gets true. */
export async function usePasswordResetToken(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}
