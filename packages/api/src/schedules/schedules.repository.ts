import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { measurementSchedules } from '../db/schema';

const columns = {
  id: measurementSchedules.id,
  organisationId: measurementSchedules.organisationId,
  patientAccountId: measurementSchedules.patientAccountId,
  type: measurementSchedules.type,
  startDate: measurementSchedules.startDate,
  endDate: measurementSchedules.endDate,
  frequency: measurementSchedules.frequency,
  days: measurementSchedules.days,
  times: measurementSchedules.times,
  timezone: measurementSchedules.timezone,
  notifyByEmail: measurementSchedules.notifyByEmail,
  meal: measurementSchedules.meal,
  active: measurementSchedules.active,
  createdAt: measurementSchedules.createdAt,
};
export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof findSchedule>>>;
export type NewSchedule = typeof measurementSchedules.$inferInsert;

export async function insertSchedule(db: Executor, values: NewSchedule): Promise<ScheduleRow> {
  const [row] = await db.insert(measurementSchedules).values(values).returning(columns);
  if (!row) throw new Error('schedule insert returned nothing');
  return row;
}

export async function findSchedule(db: Executor, id: string) {
  const [row] = await db.select(columns).from(measurementSchedules).where(eq(measurementSchedules.id, id));
  return row;
}

export async function listSchedules(db: Executor, patientAccountId: string, activeOnly: boolean, page: number, pageSize: number) {
  const where = and(eq(measurementSchedules.patientAccountId, patientAccountId), activeOnly ? eq(measurementSchedules.active, true) : undefined);
  const rows = await db
    .select(columns)
    .from(measurementSchedules)
    .where(where)
    .orderBy(desc(measurementSchedules.createdAt), desc(measurementSchedules.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(measurementSchedules).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The schedules that make these patients' tasks. */
export function activeSchedulesOf(db: Executor, patientAccountIds: readonly string[]): Promise<ScheduleRow[]> {
  return db
    .select(columns)
    .from(measurementSchedules)
    .where(and(inArray(measurementSchedules.patientAccountId, [...patientAccountIds]), eq(measurementSchedules.active, true)));
}

/** Active schedules that e-mail their patient when a task is due. */
export function schedulesNotifyingByEmail(db: Executor): Promise<ScheduleRow[]> {
  return db
    .select(columns)
    .from(measurementSchedules)
    .where(and(eq(measurementSchedules.active, true), eq(measurementSchedules.notifyByEmail, true)));
}

export async function updateSchedule(
  db: Executor,
  id: string,
  values: Partial<Pick<NewSchedule, 'notifyByEmail' | 'endDate' | 'active'>>,
): Promise<ScheduleRow> {
  const [row] = await db.update(measurementSchedules).set(values).where(eq(measurementSchedules.id, id)).returning(columns);
  if (!row) throw new Error('schedule update returned nothing');
  return row;
}
