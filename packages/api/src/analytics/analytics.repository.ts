import { and, count, countDistinct, eq, gte, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, appointments, measurementSchedules, measurements, patientProfiles, tasks, visits } from '../db/schema';
import { adherenceCounts, type AdherenceRule } from '../tasks/adherence.repository';

/**
 * Organisation-wide counts for analytics. Every query groups and counts: no patient is named and
 * no row of patient data leaves the database.
 */

export interface Period {
  organisationId: string;
  /** Calendar days on the organisation's calendar, both included. */
  fromDate: string;
  toDate: string;
  /** The same days as instants: [from, to). */
  from: Date;
  to: Date;
}

export async function activePatientCount(db: Executor, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .where(and(eq(accounts.organisationId, organisationId), eq(accounts.status, 'active')));
  return row?.n ?? 0;
}

/** Readings taken in the period per measurement type, and how many patients took any. */
export async function readingCounts(db: Executor, period: Period) {
  const inPeriod = and(
    eq(measurements.organisationId, period.organisationId),
    gte(measurements.takenAt, period.from),
    lt(measurements.takenAt, period.to),
  );
  const [byType, [patients]] = await Promise.all([
    db
      .select({ type: measurements.type, count: count() })
      .from(measurements)
      .where(inPeriod)
      .groupBy(measurements.type),
    db
      .select({ n: countDistinct(measurements.patientAccountId) })
      .from(measurements)
      .where(inPeriod),
  ]);
  return { byType, patientsWithReadings: patients?.n ?? 0 };
}

/** Readings outside the normal range in the period, per type and range class. */
export function outOfRangeCounts(db: Executor, period: Period) {
  return db
    .select({ type: measurements.type, rangeClass: sql<string>`${measurements.rangeClass}`, count: count() })
    .from(measurements)
    .where(
      and(
        eq(measurements.organisationId, period.organisationId),
        gte(measurements.takenAt, period.from),
        lt(measurements.takenAt, period.to),
        isNotNull(measurements.rangeClass),
        ne(measurements.rangeClass, 'normal'),
      ),
    )
    .groupBy(measurements.type, measurements.rangeClass);
}

/**
 * Tasks of the period's days, per week starting on Monday: those that count and those done in their
 * window (tasks/adherence.repository.ts has the rule).
 */
export function adherenceByWeek(db: Executor, period: Period, rule: AdherenceRule) {
  const weekStart = sql<string>`(date_trunc('week', ${tasks.localDate})::date)::text`;
  return db
    .select({ weekStart, ...adherenceCounts(rule) })
    .from(tasks)
    .leftJoin(measurementSchedules, eq(measurementSchedules.id, tasks.scheduleId))
    .where(and(eq(tasks.organisationId, period.organisationId), gte(tasks.localDate, period.fromDate), lte(tasks.localDate, period.toDate)))
    .groupBy(weekStart);
}

/** Visits of appointments that started in the period, per visit status code. */
export function visitStatusCounts(db: Executor, period: Period) {
  return db
    .select({ status: visits.status, count: count() })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(visits.organisationId, period.organisationId),
        gte(appointments.startsAt, period.from),
        lt(appointments.startsAt, period.to),
      ),
    )
    .groupBy(visits.status);
}
