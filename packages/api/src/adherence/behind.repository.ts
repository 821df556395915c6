import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, measurementSchedules, measurements, tasks } from '../db/schema';
import { adherenceCounts, missedTask, type AdherenceRule } from '../tasks/adherence.repository';

/**
 * The reads behind "patients behind on their readings". They read the schedules, tasks and readings
 * of one organisation with explicit columns, and count.
 */

/**
 * The organisation's active patient accounts with an active schedule (among some accounts, when
 * given), and when their first one was made.
 */
export function scheduledPatients(db: Executor, organisationId: string, among?: readonly string[]) {
  if (among?.length === 0) return Promise.resolve([]);
  return db
    .select({
      patientAccountId: measurementSchedules.patientAccountId,
      firstScheduleAt: sql<Date>`min(${measurementSchedules.createdAt})`.mapWith(measurementSchedules.createdAt),
    })
    .from(measurementSchedules)
    .innerJoin(accounts, eq(accounts.id, measurementSchedules.patientAccountId))
    .where(
      and(
        eq(measurementSchedules.organisationId, organisationId),
        eq(measurementSchedules.active, true),
        eq(accounts.organisationId, organisationId),
        eq(accounts.accountType, 'pat'),
        eq(accounts.status, 'active'),
        among ? inArray(measurementSchedules.patientAccountId, [...among]) : undefined,
      ),
    )
    .groupBy(measurementSchedules.patientAccountId);
}

/** Per patient: adherence over the tasks due in [from, to], and the tasks missed since `missedSince`. */
export function adherencePerPatient(db: Executor, patientAccountIds: string[], from: Date, to: Date, missedSince: Date, rule: AdherenceRule) {
  if (patientAccountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      patientAccountId: tasks.patientAccountId,
      ...adherenceCounts(rule),
      missed: sql<number>`(count(*) filter (where ${missedTask(rule)} and ${tasks.dueAt} >= ${missedSince.toISOString()}::timestamptz))::int`,
    })
    .from(tasks)
    .leftJoin(measurementSchedules, eq(measurementSchedules.id, tasks.scheduleId))
    .where(and(inArray(tasks.patientAccountId, patientAccountIds), gte(tasks.dueAt, from), lte(tasks.dueAt, to)))
    .groupBy(tasks.patientAccountId);
}

/** Each patient's latest reading time. */
export function lastReadings(db: Executor, patientAccountIds: string[]) {
  if (patientAccountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      patientAccountId: measurements.patientAccountId,
      lastReadingAt: sql<Date>`max(${measurements.takenAt})`.mapWith(measurements.takenAt),
    })
    .from(measurements)
    .where(inArray(measurements.patientAccountId, patientAccountIds))
    .groupBy(measurements.patientAccountId);
}
