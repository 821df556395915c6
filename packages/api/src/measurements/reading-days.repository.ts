import { DEFAULT_SETTINGS } from '@opencare/schemas/entities/settings';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Database, type Executor } from '../db/database';
import { accounts, measurements, organisationSettings, readingDays } from '../db/schema';

/*
 * The days each patient took readings, a month to a row (schema.ts `readingDays`): what the monthly
 * report counts. Readings are stored through `insertCountingDays`, which counts their days in the
 * same statement; a change of the organisation's time zone moves readings to other days, so it
 * rebuilds them.
 */

/**
 * Adds the days of the readings `readings` selects (patient_account_id, organisation_id, taken_at)
 * to their patients' months: each reading's local time is worked out once, on its organisation's
 * calendar as its settings give it (settings.service.ts: the default when unset). The rows go in one
 * order for every writer, so two batches of one patient's months never wait on each other in a
 * circle. Ends before ON CONFLICT: the caller says what a month already counted becomes.
 */
const countDays = (readings: SQL) => sql`
  insert into ${readingDays} (patient_account_id, organisation_id, month, days)
  select patient_account_id, organisation_id, to_char(local, 'YYYY-MM'), bit_or(1 << (extract(day from local)::int - 1))
  from (
    select r.patient_account_id, r.organisation_id, r.taken_at at time zone coalesce(
      (select ${organisationSettings.values} ->> 'timezone' from ${organisationSettings}
        where ${organisationSettings.organisationId} = r.organisation_id and ${organisationSettings.area} = 'organization'),
      ${DEFAULT_SETTINGS.organization.timezone}
    ) as local
    from (${readings}) r
    -- Not folded into the outer query, which would look the zone up again for the month and the day.
    offset 0
  ) l
  group by 1, 2, 3
  order by 1, 3`;

/**
 * Runs an insert of readings that returns the stored ones' id, patient_account_id, organisation_id
 * and taken_at, and adds their days to their patients' months in the same statement (a batch from a
 * gateway pays no extra round trip for the report). The ids stored.
 */
export async function insertCountingDays(db: Executor, insert: SQL): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`with stored as (${insert}),
    counted as (${countDays(sql`select patient_account_id, organisation_id, taken_at from stored`)}
      on conflict (patient_account_id, month) do update set days = ${readingDays}.days | excluded.days)
    select id from stored`,
  );
  return rows.map((row) => row.id);
}

/**
 * The organisation's days counted again from its readings, on its calendar as its settings now say:
 * after a change of time zone (in the transaction that changes it), or after readings were written
 * around `insertCountingDays` (bench/scale-seed.ts).
 */
export async function rebuildReadingDays(db: Executor, organisationId: string): Promise<void> {
  await db.delete(readingDays).where(eq(readingDays.organisationId, organisationId));
  await db.execute(
    countDays(sql`select ${measurements.patientAccountId}, ${measurements.organisationId}, ${measurements.takenAt} from ${measurements} where ${measurements.organisationId} = ${organisationId}`),
  );
}

const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

/** The days (YYYY-MM-DD, in order) set in one month's bits. */
function daysIn(month: string, bits: number): string[] {
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
