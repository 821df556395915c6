import { and, asc, desc, eq, gte, isNotNull, lt, lte } from 'drizzle-orm';
import type { BillingCode, BillingCodeKind } from '@opencare/schemas/entities/monitoring-report';
import type { Executor } from '../db/database';
import { accounts, billingCodes, careTimeEntries, monitoringEnrolments, monitoringReportSignoffs, patientProfiles, profiles } from '../db/schema';

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

/** The organisation's care time that began in [from, to). */
export function careTimeBetween(db: Executor, organisationId: string, from: Date, to: Date) {
  return db
    .select()
    .from(careTimeEntries)
    .where(and(eq(careTimeEntries.organisationId, organisationId), gte(careTimeEntries.startedAt, from), lt(careTimeEntries.startedAt, to)))
    .orderBy(asc(careTimeEntries.startedAt));
}

/**
 * Names and record numbers of the organisation's patients, surname first: all of them in one read,
 * which at clinic scale is cheaper than naming the report's thousands of patients one parameter each.
 */
export function organisationPatients(db: Executor, organisationId: string) {
  return db
    .select({ patientAccountId: accounts.id, firstName: profiles.firstName, lastName: profiles.lastName, mrn: patientProfiles.mrn })
    .from(accounts)
    .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.organisationId, organisationId))
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
