/**
 * The clinic of `scale.ts` (issue 20 part 3), seeded with set-based SQL (INSERT … SELECT over
 * generate_series) into a database the real migrations have made: PATIENTS patients of the demo
 * organisation, READINGS readings among them with a timeline event each, and two entries of care
 * time per patient per month. Minutes for millions of rows, where the services would take hours.
 *
 * Readings are inserted in time order across all patients (oldest first, a slice of the span per
 * statement), as a clinic's readings arrive: one patient's readings lie on as many heap pages as
 * readings, not side by side, so a patient's reads cost what they would in production.
 *
 * Not seeded: care plans and their tasks, mail, alerts, appointments, enrolments. The reads measured
 * meet them empty (the patient list's adherence column, the analytics' adherence by week, the
 * snapshot's mail and appointments), so their share of the figures is smaller than in a clinic
 * that uses them.
 */
import type postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { Executor } from '@opencare/api/db/database';
import { rebuildReadingDays } from '@opencare/api/measurements/reading-days.repository';
import { ROLES } from '@opencare/schemas/roles';

export interface ScaleSize {
  patients: number;
  readings: number;
  /** The readings reach this many days back from now. */
  days: number;
}

export interface Clinic {
  organisationId: string;
  physicianAccountId: string;
  nurseAccountId: string;
}

/**
 * Deterministic ids, so each step can name the rows of the one before without reading them back:
 * an md5 made a version-4 UUID (version and variant digits set), which the API's id check accepts.
 */
const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const userId = (i: string) => uuidOf(`'scale-user-' || ${i}`);
const accountId = (i: string) => uuidOf(`'scale-account-' || ${i}`);

/**
 * Surnames made of three parts (23 × 19 × 17 = 7,429 of them, about 2.7 patients each at 20,000),
 * so a search for one finds a handful of patients, as in a clinic, and a trigram index meets
 * varied text rather than ten repeated names.
 */
const SURNAME_PARTS = {
  head: ['Ab', 'Bel', 'Car', 'Dan', 'El', 'Far', 'Gor', 'Hal', 'Iv', 'Jor', 'Kal', 'Lin', 'Mor', 'Nak', 'Or', 'Pel', 'Quin', 'Ros', 'Sal', 'Tor', 'Ul', 'Val', 'Wen'],
  middle: ['a', 'e', 'i', 'o', 'u', 'ar', 'en', 'il', 'on', 'us', 'ab', 'ed', 'im', 'ol', 'ur', 'an', 'er', 'is', 'ot'],
  tail: ['son', 'berg', 'ez', 'ova', 'ski', 'man', 'ton', 'ard', 'elli', 'ic', 'ura', 'sen', 'ov', 'ine', 'ley', 'ford', 'ida'],
};
const FIRST_NAMES = ['Amara', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jonas', 'Kira', 'Luca', 'Mina', 'Nils', 'Olga', 'Pedro', 'Rosa', 'Sami', 'Tara', 'Yusuf'];

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

/** The surname of patient `i` (SQL): the three parts by i modulo 23, 19 and 17, so no two of the first 7,429 share one. */
export const surnameSql = (i: string) =>
  `(${textArray(SURNAME_PARTS.head)})[1 + ${i} % 23] || (${textArray(SURNAME_PARTS.middle)})[1 + ${i} % 19] || (${textArray(SURNAME_PARTS.tail)})[1 + ${i} % 17]`;

type Log = (line: string) => void;

async function timed<T>(log: Log, label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** PATIENTS active patients: user, account, profile, patient role and patient profile each, in one statement per table. */
async function seedPatients(sql: postgres.Sql, clinic: Clinic, patients: number) {
  const series = `from generate_series(1, ${patients}) i`;
  await sql.unsafe(
    `insert into users (id, username, email, password_hash, is_verified)
     select ${userId('i')}, 'scale.patient.' || i, 'scale.patient.' || i || '@bench.opencare.test', 'not-a-real-hash: these patients never sign in', true ${series}`,
  );
  await sql.unsafe(
    `insert into accounts (id, user_id, organisation_id, account_type, is_default)
     select ${accountId('i')}, ${userId('i')}, $1, 'pat', true ${series}`,
    [clinic.organisationId],
  );
  // Dates of birth spread over 1930–1998 (25,000 days): one date is shared by about one patient in 20,000.
  await sql.unsafe(
    `insert into profiles (account_id, first_name, last_name, date_of_birth, email, timezone)
     select ${accountId('i')}, (${textArray(FIRST_NAMES)})[1 + (i * 7) % ${FIRST_NAMES.length}], ${surnameSql('i')},
            date '1930-01-01' + (i * 7919) % 25000, 'scale.patient.' || i || '@bench.opencare.test', 'America/New_York' ${series}`,
  );
  await sql.unsafe(`insert into account_roles (account_id, role) select ${accountId('i')}, ${ROLES.Patient} ${series}`);
  await sql.unsafe(
    `insert into patient_profiles (account_id, primary_provider_id) select ${accountId('i')}, $1 ${series}`,
    [clinic.physicianAccountId],
  );
}

/**
 * Reading k of patient i (k = 0 the newest) was taken k × (span / per patient) before now, a
 * patient-dependent part of an hour earlier; types cycle bp ×6, bs ×2, bw, ox, values and range
 * classes vary with i and k. Each reading's timeline event is written by the same statement, as the
 * measurements service writes both in one transaction.
 */
function readingsStatement(patients: number, stepSeconds: number, from: number, to: number) {
  const systolic = `105 + (i * 3 + k * 7) % 60`;
  const glucose = `80 + (i * 5 + k * 11) % 120`;
  const spo2 = `91 + (i + k) % 9`;
  return `
    with r as (
      select i, k, ${accountId('i')} as patient,
             $2::timestamptz - make_interval(secs => k * ${stepSeconds} + (i * 97) % 3600) as taken_at,
             (array['bp', 'bp', 'bp', 'bp', 'bp', 'bp', 'bs', 'bs', 'bw', 'ox'])[1 + k % 10] as type
      from generate_series(${from}, ${to}) k cross join generate_series(1, ${patients}) i
    ), v as (
      select patient, taken_at, type,
        case type
          when 'bp' then jsonb_build_object('systolic', ${systolic}, 'diastolic', 65 + (i + k * 5) % 30, 'pulse', 55 + (i + k * 3) % 40)
          when 'bs' then jsonb_build_object('glucose', ${glucose})
          when 'bw' then jsonb_build_object('weight', 55 + i % 60 + (k % 5) / 10.0)
          else jsonb_build_object('spo2', ${spo2}, 'pulse', 60 + (i + k) % 30)
        end as values,
        case type
          when 'bp' then case when ${systolic} >= 160 then 'high' when ${systolic} >= 130 then 'elevated' else 'normal' end
          when 'bs' then case when ${glucose} >= 180 then 'high' else 'normal' end
          when 'ox' then case when ${spo2} < 93 then 'lowest' else 'normal' end
          else 'normal'
        end as range_class
      from r
    ), m as (
      insert into measurements (id, organisation_id, patient_account_id, type, values, taken_at, source, range_class)
      select gen_random_uuid(), $1, patient, type, values, taken_at, 'gateway', range_class from v order by taken_at
      returning id, patient_account_id, type, values, taken_at, range_class
    )
    insert into patient_events (organisation_id, patient_account_id, kind, ref_id, at, data)
    select $1, patient_account_id, 'measurement', id::text, taken_at,
           jsonb_build_object('type', type, 'values', values, 'rangeClass', range_class)
    from m order by taken_at`;
}

async function seedReadings(sql: postgres.Sql, clinic: Clinic, size: ScaleSize, now: Date, log: Log) {
  const perPatient = Math.max(1, Math.floor(size.readings / size.patients));
  const stepSeconds = Math.floor((size.days * 86_400) / perPatient);
  // About 250,000 readings per statement: each statement's CTE stays in memory, progress shows.
  const slice = Math.max(1, Math.floor(250_000 / size.patients));
  let done = 0;
  let nextLog = 1_000_000;
  for (let to = perPatient - 1; to >= 0; to -= slice) {
    const from = Math.max(0, to - slice + 1);
    await sql.unsafe(readingsStatement(size.patients, stepSeconds, from, to), [clinic.organisationId, now.toISOString()]);
    done += (to - from + 1) * size.patients;
    if (done >= nextLog) {
      log(`  … ${done.toLocaleString('en-US')} readings`);
      nextLog += 1_000_000;
    }
  }
  return perPatient * size.patients;
}

/**
 * Each month of the span, two entries per patient: the nurse's review of the readings (12 minutes)
 * and the physician's call (11 minutes, interactive), on a day that depends on the patient.
 */
async function seedCareTime(sql: postgres.Sql, clinic: Clinic, size: ScaleSize, now: Date) {
  await sql.unsafe(
    `with months as (
       select generate_series(date_trunc('month', $2::timestamptz - make_interval(days => ${size.days})), $2::timestamptz, interval '1 month') as month
     ), e as (
       select ${accountId('i')} as patient, month + make_interval(days => i % 27, hours => 14) as started, i
       from months cross join generate_series(1, ${size.patients}) i
     )
     insert into care_time_entries (organisation_id, patient_account_id, clinician_account_id, source, interactive, started_at, ended_at, created_by_account_id)
     select $1, patient, clinician, source, interactive, started + offset_, started + offset_ + minutes, clinician
     from e cross join (values ($3::uuid, 'chart', false, interval '0 minutes', interval '12 minutes'),
                               ($4::uuid, 'manual', true, interval '1 day', interval '11 minutes')) as c(clinician, source, interactive, offset_, minutes)
     where started + offset_ + minutes < $2::timestamptz`,
    [clinic.organisationId, now.toISOString(), clinic.nurseAccountId, clinic.physicianAccountId],
  );
}

/** Seeds the clinic; returns the readings written. The caller analyses the tables afterwards. */
export async function seedScale(sql: postgres.Sql, clinic: Clinic, size: ScaleSize, now: Date, log: Log): Promise<number> {
  await timed(log, `${size.patients.toLocaleString('en-US')} patients`, () => seedPatients(sql, clinic, size.patients));
  const readings = await timed(log, `${size.readings.toLocaleString('en-US')} readings and their timeline events`, () =>
    seedReadings(sql, clinic, size, now, log),
  );
  // Written around the measurements service, so their days are counted as a change of time zone counts them.
  await timed(log, 'reading days', () => rebuildReadingDays(drizzle(sql) as unknown as Executor, clinic.organisationId));
  await timed(log, 'care time', () => seedCareTime(sql, clinic, size, now));
  return readings;
}
