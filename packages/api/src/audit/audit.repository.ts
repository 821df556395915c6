import { and, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { auditLog } from '../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

/** A row with every column given (null when it does not apply): one statement shape, prepared. */
export type AuditEntry = Required<Omit<AuditRow, 'id' | 'at'>>;

/** Each column an entry gives and its PostgreSQL type (the compiler checks none is missing). */
const ENTRY_TYPES: Record<keyof AuditEntry, 'uuid' | 'text'> = {
  actorUserId: 'uuid',
  actorAccountId: 'uuid',
  actorGatewayId: 'uuid',
  onBehalfOfAccountId: 'uuid',
  action: 'text',
  resourceType: 'text',
  resourceId: 'text',
  outcome: 'text',
  ip: 'text',
  requestId: 'text',
};
const ENTRY_COLUMNS = Object.entries(ENTRY_TYPES) as [keyof AuditEntry, 'uuid' | 'text'][];

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await auditInsert(db).execute(entry);
}

// Every access to a patient's record writes a row: prepared, not built per call (issue 20).
const auditInsert = preparedStatement((db) =>
  db
    .insert(auditLog)
    .values(Object.fromEntries(ENTRY_COLUMNS.map(([key]) => [key, sql.placeholder(key)])) as Record<keyof AuditEntry, Placeholder>)
    .prepare('audit_insert'),
);

/**
 * Many rows (a list's own entry and one per patient it showed) in one statement whose text does not
 * depend on their number: each column goes as one array, unnested. drizzle built a multi-row insert
 * value by value, a tenth of a patient search's CPU on the edge (issue 20).
 */
export async function insertAudits(db: Executor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const names = ENTRY_COLUMNS.map(([key]) => sql.identifier(auditLog[key].name));
  const arrays = ENTRY_COLUMNS.map(([key, type]) => sql`${sql.param(entries.map((entry) => entry[key]))}::${sql.raw(type)}[]`);
  await db.execute(sql`insert into ${auditLog} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`);
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
