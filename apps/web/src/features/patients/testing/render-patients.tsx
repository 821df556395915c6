import { DEFAULT_PREFERENCES, type Preferences } from '@opencare/schemas/preferences';
import type { PatientSnapshot, Series, TimelineEvent } from '@opencare/schemas/entities/patients';
import type { Analytics } from '@opencare/schemas/entities/analytics';
import { ROLES } from '@opencare/schemas/roles';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { DataProvider } from '../../../api/data-provider';
import { testQueryClient } from '../../../testing/query-client';
import { AppErrorProvider } from '../../../components/app-error/app-error-provider';
import { NotificationsProvider } from '../../../components/notifications/notifications-provider';
import { RealtimeContext, type PeopleSocket } from '../../../realtime/realtime-context';
import { PreferencesProvider } from '../../../session/preferences-provider';
import { SessionContext, type SessionContextValue } from '../../../session/session-context';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { analyticsRoute, patientsRoute } from '../routes';

export const PATIENT_ID = '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b22';
export const PHYSICIAN_ID = '7f0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a11';
export const NURSE_ID = '6a0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a12';

/**
 * The patients screens at `path`, as a clinician of the given role sees them, in the app's providers
 * (with `socket`, a connected fake one for live updates).
 */
export function renderPatients(
  path: string,
  options: { role?: number; preferences?: Partial<Preferences>; socket?: PeopleSocket } = {},
) {
  const account = makeAccount([options.role ?? ROLES.Physician], {
    accountType: { code: 'prov', description: 'Provider' },
  });
  const session: SessionContextValue = {
    state: { status: 'signed-in', user: makeUser([account]), account },
    login: vi.fn(() => Promise.resolve(null)),
    completeLogin: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    switchAccount: vi.fn(),
    makeDefault: vi.fn(() => Promise.resolve()),
    calendarDate: '2026-03-02',
    setCalendarDate: vi.fn(),
  };
  const router = createMemoryRouter(
    [patientsRoute, analyticsRoute, { path: '/mail', element: <p>mail</p> }],
    { initialEntries: [path] },
  );
  const view = render(
    <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES, ...options.preferences }}>
      <NotificationsProvider>
        <AppErrorProvider>
          <SessionContext value={session}>
            <DataProvider queryClient={testQueryClient()}>
              <RealtimeContext
                value={{ socket: options.socket ?? null, state: options.socket ? 'connected' : 'idle' }}
              >
                <RouterProvider router={router} />
              </RealtimeContext>
            </DataProvider>
          </SessionContext>
        </AppErrorProvider>
      </NotificationsProvider>
    </PreferencesProvider>,
  );
  return { router, ...view };
}

const profile = {
  firstName: 'Pat',
  middleName: null,
  lastName: 'Morgan',
  fullName: 'Pat Morgan',
  dateOfBirth: '1958-04-12',
  age: { value: 67, unit: 'years' as const },
  preferredLanguage: 'en-US' as const,
  preferredName: null,
  timezone: 'America/New_York',
  gender: { code: 'f', description: 'Female' },
  email: 'patient@demo.opencare.test',
  phone: '+1 555 010 0000',
};

export function patientRow(overrides: Record<string, unknown> = {}) {
  return {
    ...profile,
    accountId: PATIENT_ID,
    mrn: 'MRN500001',
    primaryProvider: { accountId: PHYSICIAN_ID, fullName: 'Priya Raman' },
    isOnline: false,
    lastSeen: null,
    openAlerts: { count: 0, worst: null },
    lastReading: null,
    adherence: { due: 0, completed: 0, percent: null },
    ...overrides,
  };
}

export function snapshot(overrides: Partial<PatientSnapshot> = {}): PatientSnapshot {
  return {
    patient: {
      ...profile,
      accountId: PATIENT_ID,
      mrn: 'MRN500001',
      primaryProvider: { accountId: PHYSICIAN_ID, fullName: 'Priya Raman' },
      emrId: null,
      careTeamId: null,
      medicalHistory: ['Hypertension (2015)'],
      medications: ['Lisinopril 10 mg daily'],
      allergies: ['Penicillin'],
      bloodType: 'O+',
      fhirData: null,
      careTeam: [{ accountId: PHYSICIAN_ID, fullName: 'Priya Raman', role: 'Physician' }],
    },
    latestReadings: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        type: 'bp',
        values: { systolic: 142, diastolic: 91, pulse: 72 },
        takenAt: '2026-03-01T14:00:00.000Z',
        rangeClass: 'highest',
        meal: null,
      },
      {
        id: '22222222-2222-4222-8222-222222222222',
        type: 'bt',
        values: { temperature: 37 },
        takenAt: '2026-02-28T14:00:00.000Z',
        rangeClass: 'normal',
        meal: null,
      },
    ],
    adherence: { due: 4, completed: 3, percent: 75, days: 30 },
    messages: { threads: 1, unread: 2, lastMessageAt: '2026-03-01T13:00:00.000Z' },
    openAlerts: 1,
    upcomingAppointments: [],
    gateways: [],
    ...overrides,
  };
}

export function series(overrides: Partial<Series> = {}): Series {
  return {
    type: 'bp',
    from: '2026-01-30T00:00:00.000Z',
    to: '2026-03-01T00:00:00.000Z',
    points: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        type: 'bp',
        values: { systolic: 118, diastolic: 76, pulse: 64 },
        takenAt: '2026-02-20T14:00:00.000Z',
        rangeClass: 'normal',
        meal: null,
      },
      {
        id: '11111111-1111-4111-8111-111111111111',
        type: 'bp',
        values: { systolic: 142, diastolic: 91, pulse: 72 },
        takenAt: '2026-02-28T14:00:00.000Z',
        rangeClass: 'highest',
        meal: null,
      },
    ],
    truncated: false,
    normalBands: { systolic: { low: 90, high: 120 }, diastolic: { low: 60, high: 80 } },
    ...overrides,
  };
}

export function timelineEvent(id: number, overrides: Partial<TimelineEvent> = {}): TimelineEvent {
  return {
    id: String(id),
    kind: 'measurement',
    refId: null,
    at: new Date(Date.UTC(2026, 2, 1, 14) - id * 3_600_000).toISOString(),
    data: { type: 'bp', values: { systolic: 142, diastolic: 91, pulse: 72 }, rangeClass: 'highest' },
    ...overrides,
  };
}

export function analytics(overrides: Partial<Analytics> = {}): Analytics {
  return {
    from: '2026-02-01',
    to: '2026-03-02',
    timezone: 'America/New_York',
    patients: 3,
    patientsWithReadings: 2,
    adherence: { due: 10, completed: 7, percent: 70, targetPercent: 80 },
    adherenceByWeek: [
      { weekStart: '2026-01-26', due: 4, completed: 4, percent: 100 },
      { weekStart: '2026-02-02', due: 6, completed: 3, percent: 50 },
    ],
    readingsByType: [{ type: 'bp', count: 40 }],
    outOfRange: [
      { type: 'bp', rangeClass: 'high', count: 5 },
      { type: 'bp', rangeClass: 'highest', count: 2 },
    ],
    visitsByStatus: [
      { status: 'c', count: 3 },
      { status: 'ns', count: 1 },
    ],
    ...overrides,
  };
}
