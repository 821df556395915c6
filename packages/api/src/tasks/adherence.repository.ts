import { TASK_EARLY_MINUTES } from '@opencare/schemas/constants';
import type { Adherence } from '@opencare/schemas/entities/patients';
import { and, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { measurementSchedules, tasks } from '../db/schema';

/**
 * The one definition of task adherence (issue 17 part 6), shared by the patient's snapshot, the
 * organisation's analytics and the clinician's "behind on readings" list:
 * - a task **counts** once its window has closed (its overdue limit has passed) or it was done, and
 *   never when cancelled or due before its schedule could be done (a schedule made in the evening
 *   brings no missed morning: rows made before that rule are left out here too);
 * - a task is **done** when its reading was taken inside its window, from TASK_EARLY_MINUTES before
 *   its time to the overdue limit. A reading after the limit (stored before the window rule) does
 *   not make it done.
 * Queries using these must left-join measurementSchedules on the task's schedule.
 */
export interface AdherenceRule {
  overdueMinutes: number;
  now: Date;
}

// Typed casts: PostgreSQL cannot infer a bare parameter's type beside an interval or a timestamp.
const minutes = (n: number) => sql`(${n}::int * interval '1 minute')`;
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export function doneInWindow({ overdueMinutes }: AdherenceRule): SQL {
  return sql`(${tasks.status} = 'complete' and ${tasks.completedAt} >= ${tasks.dueAt} - ${minutes(TASK_EARLY_MINUTES)} and ${tasks.completedAt} <= ${tasks.dueAt} + ${minutes(overdueMinutes)})`;
}

export function countedTask(rule: AdherenceRule): SQL {
  const closed = sql`${tasks.dueAt} + ${minutes(rule.overdueMinutes)} <= ${instant(rule.now)}`;
  return and(
    ne(tasks.status, 'cancelled'),
    or(isNull(tasks.scheduleId), sql`${tasks.dueAt} + ${minutes(rule.overdueMinutes)} >= ${measurementSchedules.createdAt}`),
    or(eq(tasks.status, 'complete'), closed),
  ) as SQL;
}

/** A pending task whose window has closed: missed (shown as overdue). */
export function missedTask(rule: AdherenceRule): SQL {
  return and(
    eq(tasks.status, 'pending'),
    or(isNull(tasks.scheduleId), sql`${tasks.dueAt} + ${minutes(rule.overdueMinutes)} >= ${measurementSchedules.createdAt}`),
    sql`${tasks.dueAt} + ${minutes(rule.overdueMinutes)} <= ${instant(rule.now)}`,
  ) as SQL;
}

/** The counts: tasks that count, and how many of them were done in their window. */
export function adherenceCounts(rule: AdherenceRule) {
  return {
    due: sql<number>`(count(*) filter (where ${countedTask(rule)}))::int`,
    completed: sql<number>`(count(*) filter (where ${countedTask(rule)} and ${doneInWindow(rule)}))::int`,
  };
}

/** One patient's adherence over the tasks due in [from, to]. */
export async function taskAdherence(db: Executor, patientAccountId: string, from: Date, to: Date, rule: AdherenceRule) {
  const [row] = await db
    .select(adherenceCounts(rule))
    .from(tasks)
    .leftJoin(measurementSchedules, eq(measurementSchedules.id, tasks.scheduleId))
    .where(and(eq(tasks.patientAccountId, patientAccountId), gte(tasks.dueAt, from), lte(tasks.dueAt, to)));
  return { due: row?.due ?? 0, completed: row?.completed ?? 0 };
}

/**
 * The share of counted tasks done (0 to 1) over the tasks due in [from, to] of the patient in an
 * outer query's column, null when none counted: a correlated subquery a list orders by, so it sorts
 * on exactly what `adherenceOf` shows.
 */
export function adherenceRatioOf(db: Executor, patientAccountId: AnyPgColumn, from: Date, to: Date, rule: AdherenceRule): SQL {
  const { due, completed } = adherenceCounts(rule);
  const ratio = db
    .select({ ratio: sql`${completed}::float8 / nullif(${due}, 0)` })
    .from(tasks)
    .leftJoin(measurementSchedules, eq(measurementSchedules.id, tasks.scheduleId))
    .where(and(eq(tasks.patientAccountId, patientAccountId), gte(tasks.dueAt, from), lte(tasks.dueAt, to)));
  return sql`(${ratio})`;
}

/** Adherence as every screen shows it: whole per cent, null when nothing was due. */
export function adherenceOf(due: number, completed: number): Adherence {
  return { due, completed, percent: due > 0 ? Math.round((completed / due) * 100) : null };
}
