import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { auditLog } from '../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

/** A row with every column given (null when it does not apply): one statement shape, prepared. */
export type AuditEntry = Required<Omit<AuditRow, 'id' | 'at'>>;

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await auditInsert(db).execute(entry);
}

// Every access to a patient's record writes a row: prepared, not built per call (issue 20).
const auditInsert = preparedStatement((db) =>
  db
    .insert(auditLog)
    .values({
      actorUserId: sql.placeholder('actorUserId'),
      actorAccountId: sql.placeholder('actorAccountId'),
      actorGatewayId: sql.placeholder('actorGatewayId'),
      onBehalfOfAccountId: sql.placeholder('onBehalfOfAccountId'),
      action: sql.placeholder('action'),
      resourceType: sql.placeholder('resourceType'),
      resourceId: sql.placeholder('resourceId'),
      outcome: sql.placeholder('outcome'),
      ip: sql.placeholder('ip'),
      requestId: sql.placeholder('requestId'),
    })
    .prepare('audit_insert'),
);

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
