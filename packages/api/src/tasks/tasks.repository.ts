import { and, asc, eq, gt, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { measurementSchedules, tasks } from '../db/schema';

const columns = {
  id: tasks.id,
  organisationId: tasks.organisationId,
  patientAccountId: tasks.patientAccountId,
  scheduleId: tasks.scheduleId,
  type: tasks.type,
  dueAt: tasks.dueAt,
  localDate: tasks.localDate,
  meal: tasks.meal,
  status: tasks.status,
  completedAt: tasks.completedAt,
  measurementId: tasks.measurementId,
  // Schedule tasks show their time in the schedule's zone; one-off tasks in the patient's.
  timezone: measurementSchedules.timezone,
};
export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;
export type NewTask = typeof tasks.$inferInsert;

const selectTasks = (db: Executor) =>
  db.select(columns).from(tasks).leftJoin(measurementSchedules, eq(measurementSchedules.id, tasks.scheduleId)).$dynamic();

export async function findTask(db: Executor, id: string) {
  const [row] = await selectTasks(db).where(eq(tasks.id, id));
  return row;
}

/** The tasks among these ids, by id. */
export async function findTasks(db: Executor, ids: readonly string[]): Promise<Map<string, TaskRow>> {
  if (ids.length === 0) return new Map();
  const rows = await selectTasks(db).where(inArray(tasks.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A patient's tasks on the calendar days from..to (inclusive), in time order. */
export function listTasksBetween(db: Executor, patientAccountId: string, from: string, to: string): Promise<TaskRow[]> {
  return selectTasks(db)
    .where(and(eq(tasks.patientAccountId, patientAccountId), gte(tasks.localDate, from), lte(tasks.localDate, to)))
    .orderBy(asc(tasks.dueAt), asc(tasks.id));
}

/** The due times these schedules already have tasks for, between two instants: `scheduleId@ms` each. */
export async function dueTimesOf(db: Executor, scheduleIds: readonly string[], from: Date, to: Date): Promise<Set<string>> {
  const rows = await db
    .select({ scheduleId: tasks.scheduleId, dueAt: tasks.dueAt })
    .from(tasks)
    .where(and(inArray(tasks.scheduleId, [...scheduleIds]), gte(tasks.dueAt, from), lte(tasks.dueAt, to)));
  return new Set(rows.map((row) => dueKey(row.scheduleId ?? '', row.dueAt)));
}

export const dueKey = (scheduleId: string, dueAt: Date) => `${scheduleId}@${dueAt.getTime()}`;

const INSERT_CHUNK = 500;

/** Idempotent: a task a schedule already has at that time (unique schedule + due time) is left alone. */
export async function insertTasks(db: Executor, rows: NewTask[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insert(tasks)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing({ target: [tasks.scheduleId, tasks.dueAt] });
  }
}

export async function insertTask(db: Executor, values: NewTask): Promise<string> {
  const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id });
  if (!row) throw new Error('task insert returned nothing');
  return row.id;
}

/** Some patients' pending tasks of some types due between two instants (inclusive), the earliest first. */
export function pendingTasksDueBetween(db: Executor, patientAccountIds: readonly string[], types: readonly string[], from: Date, to: Date) {
  return db
    .select({ id: tasks.id, patientAccountId: tasks.patientAccountId, type: tasks.type, dueAt: tasks.dueAt })
    .from(tasks)
    .where(
      and(
        inArray(tasks.patientAccountId, [...patientAccountIds]),
        inArray(tasks.type, [...types]),
        eq(tasks.status, 'pending'),
        gte(tasks.dueAt, from),
        lte(tasks.dueAt, to),
      ),
    )
    .orderBy(asc(tasks.dueAt), asc(tasks.id));
}

/**
 * Completes tasks that are still pending, each by its reading, in one statement; the ids completed
 * (a task completed meanwhile by another reading is left as it is).
 */
export async function completeTasks(
  db: Executor,
  completions: readonly { id: string; measurementId: string; at: Date }[],
): Promise<Set<string>> {
  if (completions.length === 0) return new Set();
  const byTask = (value: (c: (typeof completions)[number]) => SQL) =>
    sql.join([sql`case ${tasks.id}`, ...completions.map((c) => sql`when ${c.id}::uuid then ${value(c)}`), sql`end`], sql` `);
  const rows = await db
    .update(tasks)
    .set({
      status: 'complete',
      completedAt: byTask((c) => sql`${c.at.toISOString()}::timestamptz`),
      measurementId: byTask((c) => sql`${c.measurementId}::uuid`),
    })
    .where(and(inArray(tasks.id, completions.map((c) => c.id)), eq(tasks.status, 'pending')))
    .returning({ id: tasks.id });
  return new Set(rows.map((row) => row.id));
}

/** Between pending and cancelled only: a completed task stays completed. */
export async function setTaskStatus(db: Executor, id: string, status: 'pending' | 'cancelled'): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ status })
    .where(and(eq(tasks.id, id), inArray(tasks.status, ['pending', 'cancelled'])))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** A schedule's pending tasks due after an instant, or on days after a date: gone when it ends. */
export async function deletePendingTasks(db: Executor, scheduleId: string, after: { instant?: Date; date?: string }): Promise<void> {
  await db
    .delete(tasks)
    .where(
      and(
        eq(tasks.scheduleId, scheduleId),
        eq(tasks.status, 'pending'),
        after.instant ? gt(tasks.dueAt, after.instant) : undefined,
        after.date ? gt(tasks.localDate, after.date) : undefined,
      ),
    );
}

/**
 * Claims the due, unreminded tasks of some schedules for one reminder each. The claim is the update
 * itself, so edges running reminders at once never send the same one twice.
 */
export function claimDueReminders(db: Executor, scheduleIds: string[], from: Date, to: Date) {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .update(tasks)
    .set({ notifiedAt: to })
    .where(
      and(
        inArray(tasks.scheduleId, scheduleIds),
        eq(tasks.status, 'pending'),
        isNull(tasks.notifiedAt),
        gt(tasks.dueAt, from),
        lte(tasks.dueAt, to),
      ),
    )
    .returning({ id: tasks.id, patientAccountId: tasks.patientAccountId, type: tasks.type, dueAt: tasks.dueAt });
}
