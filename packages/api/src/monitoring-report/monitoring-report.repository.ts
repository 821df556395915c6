import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, min, sql } from 'drizzle-orm';
import type { BillingCode, BillingCodeKind } from '@opencare/schemas/entities/monitoring-report';
import type { Executor } from '../db/database';
import { accounts, billingCodes, careTimeEntries, measurements, monitoringEnrolments, monitoringReportSignoffs, patientProfiles, profiles } from '../db/schema';

export type BillingCodeRow = typeof billingCodes.$inferSelect;
type NewBillingCode = typeof billingCodes.$inferInsert;

/** Today's billing codes of remote patient monitoring (CMS 2026), the organisation's starting table. */
export const DEFAULT_BILLING_CODES: Omit<NewBillingCode, 'organisationId'>[] = [
  { code: '99453', kind: 'setup', description: 'Set-up and patient education on the device, once per episode', minDays: 2 },
  { code: '99445', kind: 'deviceDays', description: 'Device supply with readings on 2–15 days of 30', minDays: 2, maxDays: 15, effectiveFrom: '2026-01-01' },
  { code: '99454', kind: 'deviceDays', description: 'Device supply with readings on 16–30 days of 30', minDays: 16, maxDays: 30 },
  {
    code: '99470',
    kind: 'management',
    description: 'Treatment management, first 10 minutes in the month, with interactive communication',
    minMinutes: 10,
    maxMinutes: 19,
    interactiveRequired: true,
    effectiveFrom: '2026-01-01',
  },
  {
    code: '99457',
    kind: 'management',
    description: 'Treatment management, first 20 minutes in the month, with interactive communication',
    minMinutes: 20,
    interactiveRequired: true,
  },
  {
    code: '99458',
    kind: 'managementAddOn',
    description: 'Treatment management, each further 20 minutes',
    minMinutes: 40,
    stepMinutes: 20,
    interactiveRequired: true,
  },
];

export const toBillingCode = ({ organisationId: _, updatedAt: _at, updatedByAccountId: _by, ...code }: BillingCodeRow): BillingCode => ({
  ...code,
  kind: code.kind as BillingCodeKind,
});

/** The organisation's codes; the defaults are written the first time they are asked for. */
export async function billingCodesOf(db: Executor, organisationId: string): Promise<BillingCode[]> {
  const read = () => db.select().from(billingCodes).where(eq(billingCodes.organisationId, organisationId)).orderBy(asc(billingCodes.code));
  const rows = await read();
  if (rows.length > 0) return rows.map(toBillingCode);
  await db
    .insert(billingCodes)
    .values(DEFAULT_BILLING_CODES.map((c) => ({ ...c, organisationId })))
    .onConflictDoNothing();
  return (await read()).map(toBillingCode);
}

export async function findBillingCode(db: Executor, id: string): Promise<BillingCodeRow | undefined> {
  const [row] = await db.select().from(billingCodes).where(eq(billingCodes.id, id));
  return row;
}

export async function updateBillingCode(db: Executor, id: string, change: Partial<NewBillingCode>): Promise<BillingCode | undefined> {
  const [row] = await db.update(billingCodes).set(change).where(eq(billingCodes.id, id)).returning();
  return row && toBillingCode(row);
}

/**
 * Each active patient's first day of readings before `before`, on the organisation's calendar. One
 * probe of the (patient, taken_at) index per patient (a lateral min): grouping the organisation's
 * readings read every reading it ever stored (bench/scale.ts).
 */
export function firstReadingDays(db: Executor, organisationId: string, before: Date, timeZone: string) {
  const first = db
    .select({ at: min(measurements.takenAt).as('first_at') })
    .from(measurements)
    .where(and(eq(measurements.patientAccountId, accounts.id), lt(measurements.takenAt, before)))
    .as('first');
  return db
    .select({
      patientAccountId: accounts.id,
      firstDay: sql<string>`to_char((${first.at} at time zone ${timeZone})::date, 'YYYY-MM-DD')`,
    })
    .from(accounts)
    .innerJoinLateral(first, sql`true`)
    .where(and(eq(accounts.organisationId, organisationId), eq(accounts.status, 'active'), isNotNull(first.at)));
}

/**
 * The days in [from, to) on which each of the organisation's patients took readings: one row per
 * patient, the days in order as one comma-separated text (at clinic scale that is 20,000 rows, not
 * the 1.2 million (patient, day) pairs of two months, each a row for the edge to read: bench/scale.ts).
 * A reading is its patient's organisation's (the service stores it so), so the organisation's own
 * readings are read, from the (organisation, taken_at, patient, …) index alone, with no join to the
 * patients.
 */
export async function readingDaysBetween(db: Executor, organisationId: string, from: Date, to: Date, timeZone: string) {
  const day = sql<string>`to_char((${measurements.takenAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const days = db
    .select({ patientAccountId: measurements.patientAccountId, day: day.as('day') })
    .from(measurements)
    .where(and(eq(measurements.organisationId, organisationId), gte(measurements.takenAt, from), lt(measurements.takenAt, to)))
    // By position: the day's expression carries the time zone as a parameter, a new one each time it is written.
    .groupBy(sql`1`, sql`2`)
    .as('days');
  const rows = await db
    .select({ patientAccountId: days.patientAccountId, days: sql<string>`string_agg(${days.day}, ',' order by ${days.day})` })
    .from(days)
    .groupBy(days.patientAccountId);
  return new Map(rows.map((row) => [row.patientAccountId, row.days.split(',')]));
}

/** The organisation's care time that began in [from, to). */
export function careTimeBetween(db: Executor, organisationId: string, from: Date, to: Date) {
  return db
    .select()
    .from(careTimeEntries)
    .where(and(eq(careTimeEntries.organisationId, organisationId), gte(careTimeEntries.startedAt, from), lt(careTimeEntries.startedAt, to)))
    .orderBy(asc(careTimeEntries.startedAt));
}

/** Names and record numbers of the patients, surname first. */
export function patientsNamed(db: Executor, patientAccountIds: string[]) {
  if (patientAccountIds.length === 0) return Promise.resolve([]);
  return db
    .select({ patientAccountId: accounts.id, firstName: profiles.firstName, lastName: profiles.lastName, mrn: patientProfiles.mrn })
    .from(accounts)
    .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(inArray(accounts.id, patientAccountIds))
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(accounts.id));
}

/**
 * The organisation's consented episodes that started by `lastDay`, newest first: the report counts a
 * patient's periods from their latest one.
 */
export function consentedEpisodes(db: Executor, organisationId: string, lastDay: string) {
  return db
    .select({ patientAccountId: monitoringEnrolments.patientAccountId, startDate: monitoringEnrolments.startDate, setupAt: monitoringEnrolments.setupAt })
    .from(monitoringEnrolments)
    .where(and(eq(monitoringEnrolments.organisationId, organisationId), isNotNull(monitoringEnrolments.consentAt), lte(monitoringEnrolments.startDate, lastDay)))
    .orderBy(desc(monitoringEnrolments.startDate), desc(monitoringEnrolments.createdAt));
}

export type SignoffRow = typeof monitoringReportSignoffs.$inferSelect;

export async function findSignoff(db: Executor, organisationId: string, month: string): Promise<SignoffRow | undefined> {
  const [row] = await db
    .select()
    .from(monitoringReportSignoffs)
    .where(and(eq(monitoringReportSignoffs.organisationId, organisationId), eq(monitoringReportSignoffs.month, month)));
  return row;
}

/** The sign-off, or nothing when the month is signed already (by someone else a moment ago, say). */
export async function insertSignoff(db: Executor, row: typeof monitoringReportSignoffs.$inferInsert): Promise<SignoffRow | undefined> {
  const [inserted] = await db.insert(monitoringReportSignoffs).values(row).onConflictDoNothing().returning();
  return inserted;
}
