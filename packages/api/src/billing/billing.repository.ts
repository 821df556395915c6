import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, measurements, patientProfiles, profiles } from '../db/schema';

/** Days with readings, counted on the organisation's calendar. */
export const readingDayCount = (timeZone: string) =>
  sql<number>`count(distinct (${measurements.takenAt} at time zone ${timeZone})::date)::int`;

/**
 * Every active patient of the organisation with the days on which they took readings in
 * [from, to), days counted on the organisation's calendar.
 */
export async function readingDaysOfPatients(
  db: Executor,
  organisationId: string,
  from: Date,
  to: Date,
  timeZone: string,
) {
  const inMonth = and(
    eq(measurements.patientAccountId, accounts.id),
    gte(measurements.takenAt, from),
    lt(measurements.takenAt, to),
  );
  return db
    .select({
      patientAccountId: accounts.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      mrn: patientProfiles.mrn,
      days: readingDayCount(timeZone),
      readings: sql<number>`count(${measurements.id})::int`,
    })
    .from(accounts)
    .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(measurements, inMonth)
    .where(and(eq(accounts.organisationId, organisationId), eq(accounts.status, 'active')))
    .groupBy(accounts.id, profiles.firstName, profiles.lastName, patientProfiles.mrn)
    .orderBy(asc(profiles.lastName), asc(profiles.firstName));
}
