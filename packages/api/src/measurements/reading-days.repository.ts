import { DEFAULT_SETTINGS } from '@opencare/schemas/entities/settings';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { accounts, measurements, organisationSettings, readingDays } from '../db/schema';

/*
 * The days each patient took readings, a month to a row (schema.ts `readingDays`): what the monthly
 * report counts. Every reading stored goes through `recordReadingDays` in the transaction that stores
 * it; a change of the organisation's time zone moves readings to other days, so it rebuilds them.
 */

/**
 * The readings' months on their organisation's calendar, with the day of each as one bit. The zone
 * is the organisation's as its settings give it (settings.service.ts: the default when unset).
 */
function monthsOf(db: Executor, where: SQL | undefined) {
  const zone = sql`coalesce((select ${organisationSettings.values} ->> 'timezone' from ${organisationSettings} where ${organisationSettings.organisationId} = ${measurements.organisationId} and ${organisationSettings.area} = 'organization'), ${DEFAULT_SETTINGS.organization.timezone})`;
  const local = sql`(${measurements.takenAt} at time zone ${zone})`;
  return db
    .select({
      patientAccountId: measurements.patientAccountId,
      organisationId: measurements.organisationId,
      month: sql<string>`to_char(${local}, 'YYYY-MM')`.as('month'),
      days: sql<number>`bit_or(1 << (extract(day from ${local})::int - 1))`.as('days'),
    })
    .from(measurements)
    .where(where)
    // By position: each expression carries the zone, written out anew each time.
    .groupBy(sql`1`, sql`2`, sql`3`);
}

/** Adds the days of these just-stored readings to their patients' months (one statement). */
export async function recordReadingDays(db: Executor, readingIds: readonly string[]): Promise<void> {
  if (readingIds.length === 0) return;
  await db
    .insert(readingDays)
    .select(monthsOf(db, inArray(measurements.id, [...readingIds])))
    .onConflictDoUpdate({ target: [readingDays.patientAccountId, readingDays.month], set: { days: sql`${readingDays.days} | excluded.days` } });
}

/**
 * The organisation's days counted again from its readings, on its calendar as its settings now say:
 * after a change of time zone (in the transaction that changes it), or after readings were written
 * without `recordReadingDays` (bench/scale-seed.ts).
 */
export async function rebuildReadingDays(db: Executor, organisationId: string): Promise<void> {
  await db.delete(readingDays).where(eq(readingDays.organisationId, organisationId));
  await db.insert(readingDays).select(monthsOf(db, eq(measurements.organisationId, organisationId)));
}

const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

/** The days (YYYY-MM-DD, in order) set in one month's bits. */
export function daysIn(month: string, bits: number): string[] {
  const days: string[] = [];
  for (let day = 1; day <= 31; day += 1) if (bits & (1 << (day - 1))) days.push(dayOf(month, day));
  return days;
}

/** Each patient's days with readings in [fromDay, toDay] (YYYY-MM-DD, the organisation's calendar), in order. */
export async function readingDaysBetween(db: Executor, organisationId: string, fromDay: string, toDay: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ patientAccountId: readingDays.patientAccountId, month: readingDays.month, days: readingDays.days })
    .from(readingDays)
    .where(and(eq(readingDays.organisationId, organisationId), gte(readingDays.month, fromDay.slice(0, 7)), lte(readingDays.month, toDay.slice(0, 7))))
    .orderBy(asc(readingDays.patientAccountId), asc(readingDays.month));
  const byPatient = new Map<string, string[]>();
  for (const row of rows) {
    const days = daysIn(row.month, row.days).filter((day) => day >= fromDay && day <= toDay);
    if (days.length === 0) continue;
    const known = byPatient.get(row.patientAccountId);
    if (known) known.push(...days);
    else byPatient.set(row.patientAccountId, days);
  }
  return byPatient;
}

/** Each active patient's first day of readings up to `lastDay` (YYYY-MM-DD, the organisation's calendar). */
export async function firstReadingDays(db: Pick<Database, 'selectDistinctOn'>, organisationId: string, lastDay: string): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([readingDays.patientAccountId], { patientAccountId: readingDays.patientAccountId, month: readingDays.month, days: readingDays.days })
    .from(readingDays)
    .innerJoin(accounts, eq(accounts.id, readingDays.patientAccountId))
    .where(and(eq(readingDays.organisationId, organisationId), lte(readingDays.month, lastDay.slice(0, 7)), eq(accounts.status, 'active')))
    .orderBy(asc(readingDays.patientAccountId), asc(readingDays.month));
  const first = new Map<string, string>();
  for (const row of rows) {
    const day = daysIn(row.month, row.days).find((d) => d <= lastDay);
    if (day) first.set(row.patientAccountId, day);
  }
  return first;
}
