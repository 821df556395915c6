import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts } from '../db/schema';

/**
 * Set an account's presence when it changes; answers its organisation (for the broadcast), or
 * undefined if gone or already so (another tab connecting tells nobody: with many sockets per
 * account, a broadcast per connect would reach every staff socket each time).
 */
export async function updatePresence(
  db: Executor,
  accountId: string,
  isOnline: boolean,
  at: Date,
): Promise<{ organisationId: string } | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ isOnline, lastSeen: at })
    .where(and(eq(accounts.id, accountId), ne(accounts.isOnline, isOnline)))
    .returning({ organisationId: accounts.organisationId });
  return row;
}

/** Everyone offline, keeping when they were last seen (a lone server starting has no sockets). */
export async function clearAllPresence(db: Executor): Promise<void> {
  await db.update(accounts).set({ isOnline: false }).where(eq(accounts.isOnline, true));
}
