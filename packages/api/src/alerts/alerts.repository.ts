import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { alertEvents, alertReadings, alerts, measurements, profiles } from '../db/schema';

const columns = {
  id: alerts.id,
  organisationId: alerts.organisationId,
  patientAccountId: alerts.patientAccountId,
  measurementId: alerts.measurementId,
  rangeClass: alerts.rangeClass,
  severity: alerts.severity,
  createdAt: alerts.createdAt,
  acknowledgedAt: alerts.acknowledgedAt,
  acknowledgedByAccountId: alerts.acknowledgedByAccountId,
  assignedToAccountId: alerts.assignedToAccountId,
  resolvedAt: alerts.resolvedAt,
  resolvedByAccountId: alerts.resolvedByAccountId,
  lastReadingAt: alerts.lastReadingAt,
  escalationLevel: alerts.escalationLevel,
  type: alerts.type,
  values: measurements.values,
  takenAt: measurements.takenAt,
  note: measurements.note,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  readingCount: sql<number>`(select count(*)::int from ${alertReadings} where ${alertReadings.alertId} = ${alerts.id})`,
};
export type AlertRow = NonNullable<Awaited<ReturnType<typeof findAlert>>>;

const selectAlerts = (db: Executor) =>
  db
    .select(columns)
    .from(alerts)
    // A "no readings" alert has no reading.
    .leftJoin(measurements, eq(measurements.id, alerts.measurementId))
    .innerJoin(profiles, eq(profiles.accountId, alerts.patientAccountId))
    .$dynamic();

export interface AttachedReading {
  organisationId: string;
  patientAccountId: string;
  type: string;
  measurementId: string;
  rangeClass: string;
  severity: number;
  takenAt: Date;
}

/**
 * Attaches an out-of-range reading to the patient's open alert of its type, or opens one. One
 * statement, an upsert on the partial unique index of open alerts, so two readings stored at once
 * (two edges, or a gateway and the patient) can never open two alerts: the second one's insert
 * becomes an update of the first one's row. The severity only goes up; a worse reading takes an
 * acknowledged alert back to the inbox (the care team saw something milder). The latest value is the
 * reading taken last, so an old reading uploaded late does not hide the newest one.
 */
export async function attachReading(
  db: Executor,
  reading: AttachedReading,
): Promise<{ id: string; opened: boolean; previousSeverity: number | null; severity: number }> {
  const [previous] = await db
    .select({ severity: alerts.severity })
    .from(alerts)
    .where(and(eq(alerts.patientAccountId, reading.patientAccountId), eq(alerts.type, reading.type), isNull(alerts.resolvedAt)))
    .for('update');
  const raised = sql`excluded.severity > ${alerts.severity}`;
  const [row] = await db
    .insert(alerts)
    .values({ ...reading, lastReadingAt: reading.takenAt })
    .onConflictDoUpdate({
      target: [alerts.patientAccountId, alerts.type],
      targetWhere: isNull(alerts.resolvedAt),
      set: {
        measurementId: sql`case when excluded.last_reading_at >= ${alerts.lastReadingAt} then excluded.measurement_id else ${alerts.measurementId} end`,
        lastReadingAt: sql`greatest(excluded.last_reading_at, ${alerts.lastReadingAt})`,
        rangeClass: sql`case when ${raised} then excluded.range_class else ${alerts.rangeClass} end`,
        severity: sql`greatest(excluded.severity, ${alerts.severity})`,
        acknowledgedAt: sql`case when ${raised} then null else ${alerts.acknowledgedAt} end`,
        acknowledgedByAccountId: sql`case when ${raised} then null else ${alerts.acknowledgedByAccountId} end`,
        // Back in the inbox, worse: its escalation starts again, on the new severity's minutes.
        waitingSince: sql`case when ${raised} then excluded.waiting_since else ${alerts.waitingSince} end`,
        escalationLevel: sql`case when ${raised} then 0 else ${alerts.escalationLevel} end`,
        escalatedAt: sql`case when ${raised} then null else ${alerts.escalatedAt} end`,
      },
    })
    .returning({ id: alerts.id, severity: alerts.severity, opened: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('alert upsert returned nothing');
  await db.insert(alertReadings).values({ alertId: row.id, measurementId: reading.measurementId }).onConflictDoNothing();
  return { id: row.id, opened: row.opened, previousSeverity: previous?.severity ?? null, severity: row.severity };
}

export async function findAlert(db: Executor, id: string) {
  const [row] = await selectAlerts(db).where(eq(alerts.id, id));
  return row;
}

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved', 'all'] as const;
export interface AlertFilter {
  organisationId: string;
  status: (typeof ALERT_STATUSES)[number];
  patientAccountId?: string;
}

function whereOf(filter: AlertFilter) {
  return and(
    eq(alerts.organisationId, filter.organisationId),
    filter.patientAccountId ? eq(alerts.patientAccountId, filter.patientAccountId) : undefined,
    filter.status === 'open' ? isNull(alerts.acknowledgedAt) : undefined,
    filter.status === 'acknowledged' ? and(isNotNull(alerts.acknowledgedAt), isNull(alerts.resolvedAt)) : undefined,
    filter.status === 'resolved' ? isNotNull(alerts.resolvedAt) : undefined,
  );
}

/** Worst first, then oldest first: what has waited longest among the most serious comes first. */
export async function listAlerts(db: Executor, filter: AlertFilter, page: number, pageSize: number) {
  const rows = await selectAlerts(db)
    .where(whereOf(filter))
    .orderBy(desc(alerts.severity), asc(alerts.createdAt), asc(alerts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(alerts).where(whereOf(filter));
  return { rows, total: total?.n ?? 0 };
}

/** The readings of some alerts, oldest first (the trend). */
export async function listAlertReadings(db: Executor, alertIds: string[]) {
  if (alertIds.length === 0) return [];
  return db
    .select({
      alertId: alertReadings.alertId,
      measurementId: measurements.id,
      values: measurements.values,
      rangeClass: measurements.rangeClass,
      takenAt: measurements.takenAt,
      note: measurements.note,
    })
    .from(alertReadings)
    .innerJoin(measurements, eq(measurements.id, alertReadings.measurementId))
    .where(inArray(alertReadings.alertId, alertIds))
    .orderBy(asc(measurements.takenAt), asc(measurements.id));
}

export async function listAlertEvents(db: Executor, alertIds: string[]) {
  if (alertIds.length === 0) return [];
  return db
    .select({
      alertId: alertEvents.alertId,
      kind: alertEvents.kind,
      actorAccountId: alertEvents.actorAccountId,
      at: alertEvents.at,
      comment: alertEvents.comment,
      data: alertEvents.data,
      actorFirstName: profiles.firstName,
      actorLastName: profiles.lastName,
    })
    .from(alertEvents)
    .leftJoin(profiles, eq(profiles.accountId, alertEvents.actorAccountId))
    .where(inArray(alertEvents.alertId, alertIds))
    .orderBy(asc(alertEvents.id));
}

export async function insertAlertEvent(
  db: Executor,
  event: { alertId: string; kind: string; actorAccountId: string | null; at?: Date; comment?: string | null; data?: Record<string, unknown> },
): Promise<void> {
  await db.insert(alertEvents).values(event);
}

/** Which alerts these readings opened or raised, and which of the two (a replay tells the inbox again). */
export async function alertChangesByReadings(db: Executor, alertIds: readonly string[], measurementIds: readonly string[]) {
  if (alertIds.length === 0) return [];
  const rows = await db
    .select({ alertId: alertEvents.alertId, kind: alertEvents.kind })
    .from(alertEvents)
    .where(
      and(
        inArray(alertEvents.alertId, [...alertIds]),
        inArray(alertEvents.kind, ['opened', 'raised']),
        inArray(sql<string>`${alertEvents.data}->>'measurementId'`, [...measurementIds]),
      ),
    )
    .orderBy(asc(alertEvents.id));
  return rows as { alertId: string; kind: 'opened' | 'raised' }[];
}

/** Acknowledged once: a second acknowledgement keeps the first one's time and person. True when this call did it. */
export async function acknowledgeAlert(db: Executor, id: string, accountId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({ acknowledgedAt: now, acknowledgedByAccountId: accountId })
    .where(and(eq(alerts.id, id), isNull(alerts.acknowledgedAt)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

export async function assignAlert(db: Executor, id: string, assigneeAccountId: string): Promise<void> {
  await db.update(alerts).set({ assignedToAccountId: assigneeAccountId }).where(eq(alerts.id, id));
}

/** Resolved once; resolving acknowledges too, if nobody had. True when this call resolved it. */
export async function resolveAlert(db: Executor, id: string, accountId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({
      resolvedAt: now,
      resolvedByAccountId: accountId,
      acknowledgedAt: sql`coalesce(${alerts.acknowledgedAt}, ${now.toISOString()}::timestamptz)`,
      acknowledgedByAccountId: sql`coalesce(${alerts.acknowledgedByAccountId}, ${accountId}::uuid)`,
    })
    .where(and(eq(alerts.id, id), isNull(alerts.resolvedAt)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/**
 * Readings arrived: each of these patients' open "no readings" alert, if any, is resolved by nobody
 * (the system). The alerts this call resolved.
 */
export async function resolveNoReadingsAlerts(db: Executor, patientAccountIds: readonly string[], now: Date) {
  if (patientAccountIds.length === 0) return [];
  return db
    .update(alerts)
    .set({ resolvedAt: now, acknowledgedAt: sql`coalesce(${alerts.acknowledgedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(inArray(alerts.patientAccountId, [...patientAccountIds]), eq(alerts.type, NO_READINGS), isNull(alerts.resolvedAt)))
    .returning({ id: alerts.id, organisationId: alerts.organisationId, patientAccountId: alerts.patientAccountId });
}

/** The alert type of a patient whose readings stopped (ALERT_TYPES). */
export const NO_READINGS = 'noReadings';

/** A patient's alerts, newest first (FHIR Flags). */
export async function alertsOfPatient(db: Executor, patientAccountId: string, limit: number) {
  return selectAlerts(db).where(eq(alerts.patientAccountId, patientAccountId)).orderBy(desc(alerts.createdAt), desc(alerts.id)).limit(limit);
}

export async function findAlerts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectAlerts(db).where(inArray(alerts.id, [...ids]));
}

/** The newest alert event's id: a new subscription to alerts starts after it. */
export async function lastAlertEventId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${alertEvents.id})`.mapWith(Number) }).from(alertEvents);
  return row?.id ?? 0;
}

/**
 * What happened to alerts after an event, oldest first: of the organisation's patients (or one
 * patient's), and only events older than `before` (a transaction still committing is not passed over).
 */
export async function alertEventsAfter(
  db: Executor,
  filter: { organisationId: string; patientAccountId: string | null; afterEventId: number; before: Date },
  limit: number,
) {
  return db
    .select({ id: alertEvents.id, alertId: alertEvents.alertId, patientAccountId: alerts.patientAccountId })
    .from(alertEvents)
    .innerJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .where(
      and(
        eq(alerts.organisationId, filter.organisationId),
        filter.patientAccountId ? eq(alerts.patientAccountId, filter.patientAccountId) : undefined,
        gt(alertEvents.id, filter.afterEventId),
        lt(alertEvents.at, filter.before),
      ),
    )
    .orderBy(asc(alertEvents.id))
    .limit(limit);
}
