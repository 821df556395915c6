import type { Appointment, Visit } from '@opencare/schemas/entities/appointments';
import { ROLES } from '@opencare/schemas/roles';
import type { SessionState } from '../../../session/session-context';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { okList } from '../../signup/testing/harness';

export const PHYSICIAN_ID = '22222222-2222-4222-8222-222222222222';
export const NURSE_ID = '33333333-3333-4333-8333-333333333333';
export const PATIENT_ID = '44444444-4444-4444-8444-444444444444';

/** Signed in with one account of the given role (a patient account for Patient). */
export function signedInAs(role: number, id?: string): SessionState {
  const account = makeAccount([role], {
    ...(id ? { id } : {}),
    accountType:
      role === ROLES.Patient
        ? { code: 'pat', description: 'Patient' }
        : { code: 'prov', description: 'Provider' },
  });
  return { status: 'signed-in', user: makeUser([account]), account };
}

let next = 0;
const uuid = () => `aaaaaaaa-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;

/** An appointment as the server sends it: Pat Morgan with Priya Raman by video, scheduled. */
export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: uuid(),
    type: { code: 'tv', description: 'Telemedicine' },
    status: 'scheduled',
    startsAt: '2030-03-04T14:00:00.000Z',
    endsAt: '2030-03-04T14:30:00.000Z',
    reason: null,
    patient: { id: PATIENT_ID, fullName: 'Pat Morgan' },
    provider: { id: PHYSICIAN_ID, fullName: 'Priya Raman' },
    cancelReason: null,
    cancelNote: null,
    confirmedAt: null,
    visit: { id: uuid(), code: 'k7mp-2xqa-9trz', status: 'p', completedAt: null, summary: null },
    createdAt: '2030-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function visit(overrides: Partial<Appointment> = {}): Visit {
  const { visit: v, ...rest } = appointment({
    startsAt: '2026-01-05T15:00:00.000Z',
    endsAt: '2026-01-05T15:30:00.000Z',
    ...overrides,
  });
  return {
    id: v?.id ?? uuid(),
    code: v?.code ?? 'abcd-efgh-jkmn',
    status: 'p',
    startedAt: null,
    endedAt: null,
    summary: null,
    notes: null,
    note: null,
    completedAt: null,
    completedBy: null,
    appointment: rest,
  };
}

/** A list procedure's answer (`appointments.list`, `visits.incomplete`, `patients.list`): one page of `items`. */
export const listOf = okList;

/** The input a fake procedure was called with. */
export const inputOf = <T = Record<string, unknown>>(call: { body: unknown } | undefined) => call?.body as T;
