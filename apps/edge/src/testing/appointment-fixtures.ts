import { findAccount } from '@opencare/api/accounts/accounts.repository';
import { insertAppointment } from '@opencare/api/appointments/appointments.repository';
import { localDateOf, zonedInstant } from '@opencare/api/appointments/slots';
import type { Database } from '@opencare/api/db/database';
import { findAreaValues, upsertAreaValues } from '@opencare/api/settings/settings.repository';
import { newVisitCode } from '@opencare/api/visits/visit-code';
import { insertVisit } from '@opencare/api/visits/visits.repository';
import { ROLES } from '@opencare/schemas/roles';
import { createOutsider } from './fixtures';
import type { Json, TestEdge } from './test-edge';

/** The demo clinic's time zone (demo-data.ts): slots are wall-clock times there. */
export const CLINIC_ZONE = 'America/New_York';

export const PEOPLE = [
  'admin',
  'physician',
  'nurse',
  'assistant',
  'patient',
  'patient2',
  'caregiver',
] as const;
export type Person = (typeof PEOPLE)[number] | 'outsider' | 'outsiderPatient';

export interface Cast {
  token: Record<Person, string>;
  id: Record<Person, string>;
}

/** Every demo role signed in, plus a physician and a patient of two other organisations. */
export async function signInCast(t: TestEdge): Promise<Cast> {
  const token = {} as Record<Person, string>;
  const id = {} as Record<Person, string>;
  for (const name of PEOPLE) {
    const { token: access, body } = await t.login(name);
    token[name] = access;
    id[name] = (body.data.accounts as Json[]).find((a) => a.isDefault).id;
  }
  const db = t.edge.deps.db;
  for (const [name, role, type] of [
    ['outsider', ROLES.Physician, 'prov'],
    ['outsiderPatient', ROLES.Patient, 'pat'],
  ] as const) {
    const outsider = await createOutsider(db, role, type);
    token[name] = (await t.login(outsider.username)).token;
    id[name] = outsider.accountId;
  }
  return { token, id };
}

/** The n-th working day (Monday to Friday) after today in the clinic, as YYYY-MM-DD; n < 0 before today. */
export function workingDay(n: number): string {
  let date = localDateOf(new Date(), CLINIC_ZONE);
  for (let found = 0; found < Math.abs(n);) {
    date = new Date(Date.parse(`${date}T12:00:00Z`) + Math.sign(n) * 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) found += 1;
  }
  return date;
}

/** The instant of a clinic wall-clock time ("09:30") on a day, as an ISO string. */
export function at(date: string, time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return zonedInstant(date, h * 60 + m, CLINIC_ZONE).toISOString();
}

/**
 * An appointment written straight to the database with its visit (for times the API rightly
 * refuses to book, such as the past). Returns the appointment and visit ids.
 */
export async function insertAppointmentWithVisit(
  db: Database,
  values: {
    organisationId: string;
    patientAccountId: string;
    providerAccountId: string;
    startsAt: Date;
    minutes?: number;
    status?: 'scheduled' | 'confirmed' | 'rescheduled' | 'cancelled' | 'completed' | 'noShow';
    type?: 'pv' | 'tv';
  },
) {
  const appointmentId = await insertAppointment(db, {
    organisationId: values.organisationId,
    patientAccountId: values.patientAccountId,
    providerAccountId: values.providerAccountId,
    type: values.type ?? 'pv',
    startsAt: values.startsAt,
    endsAt: new Date(values.startsAt.getTime() + (values.minutes ?? 30) * 60 * 1000),
    status: values.status ?? 'scheduled',
  });
  const visitId = await insertVisit(db, {
    organisationId: values.organisationId,
    appointmentId,
    code: newVisitCode(),
  });
  return { appointmentId, visitId };
}

export async function organisationOf(db: Database, accountId: string): Promise<string> {
  const record = await findAccount(db, accountId);
  if (!record) throw new Error(`no account ${accountId}`);
  return record.account.organisationId;
}

/**
 * The organisation lets patients and guests into a visit's call at once, with no waiting room: for
 * tests of the call itself. The waiting room, the default, has its own (visit-waiting-room.int.test.ts).
 */
export async function admitAutomatically(db: Database, organisationId: string): Promise<void> {
  const values = { ...(await findAreaValues(db, organisationId, 'telemedicine')), admitRequired: false };
  await upsertAreaValues(db, organisationId, 'telemedicine', values, null);
}
