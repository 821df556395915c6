import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { visitMessages } from '../db/schema';

/** The visit's chat: rows are only ever inserted (the record of what was said). */

const messageColumns = {
  id: visitMessages.id,
  visitId: visitMessages.visitId,
  senderAccountId: visitMessages.senderAccountId,
  senderInvitationId: visitMessages.senderInvitationId,
  senderName: visitMessages.senderName,
  body: visitMessages.body,
  createdAt: visitMessages.createdAt,
};

export type VisitMessageRow = Awaited<ReturnType<typeof listVisitMessageRows>>[number];

export async function insertVisitMessage(
  db: Executor,
  values: {
    visitId: string;
    senderAccountId: string | null;
    senderInvitationId: string | null;
    senderName: string;
    body: string;
  },
) {
  const [row] = await db.insert(visitMessages).values(values).returning(messageColumns);
  if (!row) throw new Error('a visit message was not stored');
  return row;
}

/** Every message of a visit, oldest first (sending is capped, so this is bounded). */
export function listVisitMessageRows(db: Executor, visitId: string) {
  return db
    .select(messageColumns)
    .from(visitMessages)
    .where(eq(visitMessages.visitId, visitId))
    .orderBy(asc(visitMessages.createdAt), asc(visitMessages.id));
}

export async function countVisitMessages(db: Executor, visitId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(visitMessages).where(eq(visitMessages.visitId, visitId));
  return row?.n ?? 0;
}
