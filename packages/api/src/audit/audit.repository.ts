import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { auditLog } from '../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAudit(db: Executor, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export async function insertAudits(db: Executor, rows: AuditRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}

/** Newest first: what was done to one record, by whom, and whether it was allowed. */
export function listAuditForResource(db: Executor, resourceType: string, resourceId: string) {
  return db
    .select({
      action: auditLog.action,
      outcome: auditLog.outcome,
      actorUserId: auditLog.actorUserId,
      actorAccountId: auditLog.actorAccountId,
    })
    .from(auditLog)
    .where(and(eq(auditLog.resourceType, resourceType), eq(auditLog.resourceId, resourceId)))
    .orderBy(desc(auditLog.id));
}
