import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { alerts, measurements, profiles } from '../db/schema';

const columns = {
  id: alerts.id,
  organisationId: alerts.organisationId,
  patientAccountId: alerts.patientAccountId,
  measurementId: alerts.measurementId,
  rangeClass: alerts.rangeClass,
  createdAt: alerts.createdAt,
  acknowledgedAt: alerts.acknowledgedAt,
  acknowledgedByAccountId: alerts.acknowledgedByAccountId,
  type: measurements.type,
  values: measurements.values,
  takenAt: measurements.takenAt,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
};
export type AlertRow = NonNullable<Awaited<ReturnType<typeof findAlert>>>;

const selectAlerts = (db: Executor) =>
  db
    .select(columns)
    .from(alerts)
    .innerJoin(measurements, eq(measurements.id, alerts.measurementId))
    .innerJoin(profiles, eq(profiles.accountId, alerts.patientAccountId))
    .$dynamic();

export async function insertAlert(
  db: Executor,
  values: { organisationId: string; patientAccountId: string; measurementId: string; rangeClass: string },
): Promise<string> {
  const [row] = await db.insert(alerts).values(values).returning({ id: alerts.id });
  if (!row) throw new Error('alert insert returned nothing');
  return row.id;
}

export async function findAlert(db: Executor, id: string) {
  const [row] = await selectAlerts(db).where(eq(alerts.id, id));
  return row;
}

export interface AlertFilter {
  organisationId: string;
  status: 'open' | 'acknowledged' | 'all';
  patientAccountId?: string;
}

function whereOf(filter: AlertFilter) {
  return and(
    eq(alerts.organisationId, filter.organisationId),
    filter.patientAccountId ? eq(alerts.patientAccountId, filter.patientAccountId) : undefined,
    filter.status === 'open' ? isNull(alerts.acknowledgedAt) : undefined,
    filter.status === 'acknowledged' ? isNotNull(alerts.acknowledgedAt) : undefined,
  );
}

/** Newest first. */
export async function listAlerts(db: Executor, filter: AlertFilter, page: number, pageSize: number) {
  const rows = await selectAlerts(db)
    .where(whereOf(filter))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(alerts).where(whereOf(filter));
  return { rows, total: total?.n ?? 0 };
}

/** Acknowledged once: a second acknowledgement keeps the first one's time and person. */
export async function acknowledgeAlert(db: Executor, id: string, accountId: string, now: Date): Promise<void> {
  await db
    .update(alerts)
    .set({ acknowledgedAt: now, acknowledgedByAccountId: accountId })
    .where(and(eq(alerts.id, id), isNull(alerts.acknowledgedAt)));
}
