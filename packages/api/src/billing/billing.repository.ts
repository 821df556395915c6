import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, measurements, patientProfiles, profiles } from '../db/schema';

/** Days with readings, counted on the organisation's calendar. */
export const readingDayCount = (timeZone: string) =>
  sql<number>`count(distinct (${measurements.takenAt} at time zone ${timeZone})::date)::int`;

/**
 * Every active patient of the organisation with the days on which they took readings in
 * [from, to), days counted on the organisation's calendar. The month's readings are counted per
 * patient first, from the organisation's (organisation, taken_at, patient, …) index alone, and the
 * counts joined to the patients: joining every reading to its patient's names before grouping
 * sorted a million rows by name at clinic scale (bench/scale.ts). A reading is its patient's
 * organisation's, so the organisation's readings are its patients' readings.
 */
export async function readingDaysOfPatients(
  db: Executor,
  organisationId: string,
  from: Date,
  to: Date,
  timeZone: string,
) {
  const perPatient = db
    .select({
      patientAccountId: measurements.patientAccountId,
      days: readingDayCount(timeZone).as('days'),
      readings: sql<number>`count(*)::int`.as('readings'),
    })
    .from(measurements)
    .where(and(eq(measurements.organisationId, organisationId), gte(measurements.takenAt, from), lt(measurements.takenAt, to)))
    .groupBy(measurements.patientAccountId)
    .as('per_patient');
  return db
    .select({
      patientAccountId: accounts.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      mrn: patientProfiles.mrn,
      days: sql<number>`coalesce(${perPatient.days}, 0)::int`,
      readings: sql<number>`coalesce(${perPatient.readings}, 0)::int`,
    })
    .from(accounts)
    .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(perPatient, eq(perPatient.patientAccountId, accounts.id))
    .where(and(eq(accounts.organisationId, organisationId), eq(accounts.status, 'active')))
    .orderBy(asc(profiles.lastName), asc(profiles.firstName));
}
