import type { PatientSort, SortDirection } from '@opencare/schemas/entities/patients';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, alerts, measurements, profiles } from '../db/schema';
import { adherenceRatioOf, type AdherenceRule } from '../tasks/adherence.repository';

/**
 * The patient list's clinical columns: open alerts, last reading and adherence. Each is read for a
 * page's patients in one statement (a page never costs a query per patient), and each has a
 * correlated expression on `accounts.id` that the list's own statement orders by, so a sort covers
 * every patient the caller may see, not only the page.
 */

/** Per patient: alerts not yet resolved, and the range class of the worst (the highest severity). */
export function openAlertsOf(db: Executor, patientAccountIds: string[]) {
  if (patientAccountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      patientAccountId: alerts.patientAccountId,
      count: sql<number>`count(*)::int`,
      worst: sql<string>`(array_agg(${alerts.rangeClass} order by ${alerts.severity} desc))[1]`,
    })
    .from(alerts)
    .where(and(inArray(alerts.patientAccountId, patientAccountIds), isNull(alerts.resolvedAt)))
    .groupBy(alerts.patientAccountId);
}

/**
 * Per patient: the latest reading's time and measurement code. One probe of the (patient, taken_at)
 * index per patient (a lateral subquery): a DISTINCT ON over the page's patients read every reading
 * they ever took, hundreds of table pages each at clinic scale (bench/scale.ts).
 */
export function lastReadingsOf(db: Executor, patientAccountIds: string[]) {
  if (patientAccountIds.length === 0) return Promise.resolve([]);
  const latest = db
    .select({ type: measurements.type, takenAt: measurements.takenAt })
    .from(measurements)
    .where(eq(measurements.patientAccountId, accounts.id))
    .orderBy(desc(measurements.takenAt), desc(measurements.id))
    .limit(1)
    .as('latest');
  return db
    .select({ patientAccountId: accounts.id, type: latest.type, takenAt: latest.takenAt })
    .from(accounts)
    .innerJoinLateral(latest, sql`true`)
    .where(inArray(accounts.id, patientAccountIds));
}

export interface PatientOrder {
  sort: PatientSort;
  direction: SortDirection;
  /** The adherence period and rule, for the adherence sort. */
  adherence: { from: Date; to: Date; rule: AdherenceRule };
}

const openOf = sql`${alerts.patientAccountId} = ${accounts.id} and ${alerts.resolvedAt} is null`;
const worstOpenSeverity = sql`coalesce((select max(${alerts.severity}) from ${alerts} where ${openOf}), -1)`;
const openAlertCount = sql`(select count(*) from ${alerts} where ${openOf})`;
const lastReadingAt = sql`(select max(${measurements.takenAt}) from ${measurements} where ${measurements.patientAccountId} = ${accounts.id})`;

/**
 * The list's ORDER BY. Ties (and the name sort) go by last name, first name, then id, so pages
 * never overlap. A patient without readings is the stalest (first when oldest first); a patient
 * with nothing due has no adherence and comes last either way, as there is nothing to rank.
 */
export function patientOrderBy(db: Executor, order: PatientOrder): SQL[] {
  const way = sql.raw(order.direction === 'asc' ? 'asc' : 'desc');
  const byName = [asc(profiles.lastName), asc(profiles.firstName), asc(accounts.id)];
  switch (order.sort) {
    case 'name':
      return order.direction === 'asc'
        ? byName
        : [desc(profiles.lastName), desc(profiles.firstName), desc(accounts.id)];
    case 'openAlerts':
      return [sql`${worstOpenSeverity} ${way}`, sql`${openAlertCount} ${way}`, ...byName];
    case 'lastReading':
      return [
        sql`${lastReadingAt} ${way} nulls ${sql.raw(order.direction === 'asc' ? 'first' : 'last')}`,
        ...byName,
      ];
    case 'adherence': {
      const { from, to, rule } = order.adherence;
      return [sql`${adherenceRatioOf(db, accounts.id, from, to, rule)} ${way} nulls last`, ...byName];
    }
  }
}
