import type { PatientSort, SortDirection } from '@opencare/schemas/entities/patients';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, alerts, measurementSchedules, measurements, profiles, tasks } from '../db/schema';
import { adherenceCounts, adherenceRatioOf, type AdherenceRule } from '../tasks/adherence.repository';

/**
 * The patient list's clinical columns: open alerts, last reading and adherence. All three are read
 * for a page's patients in one statement (a page never costs a query per patient), and each has a
 * correlated expression on `accounts.id` that the list's own statement orders by, so a sort covers
 * every patient the caller may see, not only the page.
 */

const openOf = sql`${alerts.patientAccountId} = ${accounts.id} and ${alerts.resolvedAt} is null`;

/**
 * The three columns of a page's patients in one statement: per patient, the alerts not yet resolved
 * and the range class of the worst (the highest severity); the latest reading's time and
 * measurement code, one probe of the (patient, taken_at) index (a DISTINCT ON over the page's
 * patients read every reading they ever took, hundreds of table pages each at clinic scale:
 * bench/scale.ts); and the adherence counts over the tasks due in [from, to].
 */
export function listColumnsOf(db: Executor, patientAccountIds: string[], adherence: { from: Date; to: Date; rule: AdherenceRule }) {
  if (patientAccountIds.length === 0) return Promise.resolve([]);
  const latest = db
    .select({ type: measurements.type, takenAt: measurements.takenAt })
    .from(measurements)
    .where(eq(measurements.patientAccountId, accounts.id))
    .orderBy(desc(measurements.takenAt), desc(measurements.id))
    .limit(1)
    .as('latest');
  const open = db
    .select({
      count: sql<number>`count(*)::int`.as('open_count'),
      worst: sql<string | null>`(array_agg(${alerts.rangeClass} order by ${alerts.severity} desc))[1]`.as('worst'),
    })
    .from(alerts)
    .where(openOf)
    .as('open');
  const { due, completed } = adherenceCounts(adherence.rule);
  const counts = db
    .select({ due: due.as('due'), completed: completed.as('completed') })
    .from(tasks)
    .leftJoin(measurementSchedules, eq(measurementSchedules.id, tasks.scheduleId))
    .where(and(eq(tasks.patientAccountId, accounts.id), gte(tasks.dueAt, adherence.from), lte(tasks.dueAt, adherence.to)))
    .as('counts');
  return db
    .select({
      patientAccountId: accounts.id,
      readingType: latest.type,
      readingAt: latest.takenAt,
      openAlerts: open.count,
      worstAlert: open.worst,
      due: counts.due,
      completed: counts.completed,
    })
    .from(accounts)
    .leftJoinLateral(latest, sql`true`)
    .innerJoinLateral(open, sql`true`)
    .innerJoinLateral(counts, sql`true`)
    .where(inArray(accounts.id, patientAccountIds));
}

export interface PatientOrder {
  sort: PatientSort;
  direction: SortDirection;
  /** The adherence period and rule, for the adherence sort. */
  adherence: { from: Date; to: Date; rule: AdherenceRule };
}

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
