import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { executeRows, type Executor } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { measurements, measurementThresholds, tasks } from '../db/schema';
import { insertCountingDays } from './reading-days.repository';

const columns = {
  id: measurements.id,
  organisationId: measurements.organisationId,
  patientAccountId: measurements.patientAccountId,
  type: measurements.type,
  values: measurements.values,
  takenAt: measurements.takenAt,
  source: measurements.source,
  meal: measurements.meal,
  note: measurements.note,
  rangeClass: measurements.rangeClass,
  fileId: measurements.fileId,
  createdAt: measurements.createdAt,
  deviceId: measurements.deviceId,
  deviceTakenAt: measurements.deviceTakenAt,
  deviceFlags: measurements.deviceFlags,
  taskId: tasks.id,
};
export type MeasurementRow = NonNullable<Awaited<ReturnType<typeof findMeasurement>>>;
export type NewMeasurement = typeof measurements.$inferInsert;

const selectMeasurements = (db: Executor) =>
  db.select(columns).from(measurements).leftJoin(tasks, eq(tasks.measurementId, measurements.id)).$dynamic();

export async function findMeasurement(db: Executor, id: string) {
  const [row] = await selectMeasurements(db).where(eq(measurements.id, id));
  return row;
}

/** The stored readings among these ids, by id. */
export async function findMeasurements(db: Executor, ids: readonly string[]): Promise<Map<string, MeasurementRow>> {
  if (ids.length === 0) return new Map();
  const rows = await measurementsByIds(db).execute({ ids });
  return new Map(rows.map((row) => [row.id, row]));
}

// Every reading stored first asks whether its id is: prepared, not built per call (issue 20).
const measurementsByIds = preparedStatement((db) =>
  selectMeasurements(db)
    .where(sql`${measurements.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('measurements_by_ids'),
);

/**
 * Inserts the readings whose ids are not stored yet and counts their days for the monthly report, in
 * one statement; the ids this call stored.
 */
export async function insertMeasurements(db: Executor, rows: NewMeasurement[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const insert = db
    .insert(measurements)
    .values(rows)
    .onConflictDoNothing({ target: measurements.id })
    .returning({ id: measurements.id, patientAccountId: measurements.patientAccountId, organisationId: measurements.organisationId, takenAt: measurements.takenAt })
    .getSQL();
  return new Set(await insertCountingDays(db, insert));
}

/** The first key of the two-key advisory locks that claim reading ids (any fixed number). */
const READING_CLAIM = 4_242_001;

/**
 * Claims readings' ids until the transaction ends (design.md: a write still in flight gets 409), in
 * one statement. False while another transaction — on this edge or another one on the same database
 * — holds any of them. Transaction-scoped advisory try-locks: they never wait (so two batches cannot
 * deadlock), and nothing is left to clean up when an edge dies mid-write.
 */
export async function claimReadingIds(tx: Executor, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  // The ids as one array parameter, as findMeasurements takes them: one statement text for any batch.
  const rows = await executeRows<{ claimed: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${READING_CLAIM}, hashtext(id)) as claimed from unnest(${sql.param([...ids])}::text[]) as id`,
  );
  return rows.length === ids.length && rows.every((row) => row.claimed === true);
}

export interface MeasurementFilter {
  patientAccountId: string;
  type?: string;
  from?: Date;
  to?: Date;
}

function whereOf(filter: MeasurementFilter) {
  return and(
    eq(measurements.patientAccountId, filter.patientAccountId),
    filter.type ? eq(measurements.type, filter.type) : undefined,
    filter.from ? gte(measurements.takenAt, filter.from) : undefined,
    filter.to ? lte(measurements.takenAt, filter.to) : undefined,
  );
}

/** A page of a patient's readings, newest first. */
export async function listMeasurements(db: Executor, filter: MeasurementFilter, page: number, pageSize: number) {
  const rows = await selectMeasurements(db)
    .where(whereOf(filter))
    .orderBy(desc(measurements.takenAt), desc(measurements.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(measurements).where(whereOf(filter));
  return { rows, total: total?.n ?? 0 };
}

const thresholdColumns = {
  type: measurementThresholds.type,
  limits: measurementThresholds.limits,
  updatedAt: measurementThresholds.updatedAt,
};

/** The limits stored for these patients, every type. */
export function findThresholds(db: Executor, patientAccountIds: readonly string[]) {
  return thresholdsOfPatients(db).execute({ ids: [...patientAccountIds] });
}

const thresholdsOfPatients = preparedStatement((db) =>
  db
    .select({ patientAccountId: measurementThresholds.patientAccountId, ...thresholdColumns })
    .from(measurementThresholds)
    .where(sql`${measurementThresholds.patientAccountId} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('thresholds_of_patients'),
);

export async function findThresholdsOfType(db: Executor, patientAccountId: string, type: string) {
  const [row] = await db
    .select(thresholdColumns)
    .from(measurementThresholds)
    .where(and(eq(measurementThresholds.patientAccountId, patientAccountId), eq(measurementThresholds.type, type)));
  return row;
}

export async function upsertThresholds(
  db: Executor,
  values: { patientAccountId: string; type: string; limits: Record<string, unknown>; updatedByAccountId: string },
) {
  const now = new Date();
  const [row] = await db
    .insert(measurementThresholds)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [measurementThresholds.patientAccountId, measurementThresholds.type],
      set: { limits: values.limits, updatedAt: now, updatedByAccountId: values.updatedByAccountId },
    })
    .returning(thresholdColumns);
  if (!row) throw new Error('thresholds upsert returned nothing');
  return row;
}

export async function deleteThresholds(db: Executor, patientAccountId: string, type: string): Promise<void> {
  await db
    .delete(measurementThresholds)
    .where(and(eq(measurementThresholds.patientAccountId, patientAccountId), eq(measurementThresholds.type, type)));
}

export async function isMeasurementPhoto(db: Executor, fileId: string): Promise<boolean> {
  const [row] = await db.select({ id: measurements.id }).from(measurements).where(eq(measurements.fileId, fileId)).limit(1);
  return row !== undefined;
}

/** The snapshots taken during a visit, oldest first. */
export function visitCaptures(db: Executor, visitId: string) {
  return selectMeasurements(db)
    .where(eq(measurements.visitId, visitId))
    .orderBy(measurements.takenAt, measurements.id);
}

/** Up to `limit` of a patient's readings of some types, newest first (FHIR searches page them in memory). */
export function measurementsOfTypes(db: Executor, patientAccountId: string, types: readonly string[], limit: number) {
  return selectMeasurements(db)
    .where(and(eq(measurements.patientAccountId, patientAccountId), inArray(measurements.type, [...types])))
    .orderBy(desc(measurements.takenAt), desc(measurements.id))
    .limit(limit);
}

/**
 * An organisation's (or one patient's) readings stored after a cursor (their stored time, then id)
 * and before `before`, oldest first: what a FHIR subscription has not been sent yet.
 */
export function measurementsStoredAfter(
  db: Executor,
  filter: { organisationId: string; patientAccountId: string | null; afterAt: Date; afterId: string | null; before: Date },
  limit: number,
) {
  const after = filter.afterId
    ? or(gt(measurements.createdAt, filter.afterAt), and(eq(measurements.createdAt, filter.afterAt), gt(measurements.id, filter.afterId)))
    : gt(measurements.createdAt, filter.afterAt);
  return selectMeasurements(db)
    .where(
      and(
        eq(measurements.organisationId, filter.organisationId),
        filter.patientAccountId ? eq(measurements.patientAccountId, filter.patientAccountId) : undefined,
        after,
        lt(measurements.createdAt, filter.before),
      ),
    )
    .orderBy(asc(measurements.createdAt), asc(measurements.id))
    .limit(limit);
}
