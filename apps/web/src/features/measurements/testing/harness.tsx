import type { Task } from '@opencare/schemas/entities/care';
import type { Measurement } from '@opencare/schemas/entities/measurements';
import { DEFAULT_PREFERENCES, type Preferences } from '@opencare/schemas/preferences';
import { ROLES } from '@opencare/schemas/roles';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { DataProvider } from '../../../api/data-provider';
import { testQueryClient } from '../../../testing/query-client';
import { AppErrorProvider } from '../../../components/app-error/app-error-provider';
import { NotificationsProvider } from '../../../components/notifications/notifications-provider';
import { PreferencesProvider } from '../../../session/preferences-provider';
import { SessionContext, type SessionState } from '../../../session/session-context';
import { makeAccount, makeUser } from '../../../testing/fixtures';

export const PATIENT_ID = '44444444-4444-4444-8444-444444444444';

export function signedInAs(role: number): SessionState {
  const account = makeAccount([role], {
    id: PATIENT_ID,
    accountType: role === ROLES.Patient ? { code: 'pat', description: 'Patient' } : { code: 'prov', description: 'Provider' },
  });
  return { status: 'signed-in', user: makeUser([account]), account };
}

/** The app's providers with a calendar date that really changes, around a few routes. */
export function renderWithSession(
  routes: RouteObject[],
  path: string,
  options: { session: SessionState; date: string; preferences?: Partial<Preferences> },
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const dates: string[] = [];
  function Session({ children }: { children: ReactNode }) {
    const [calendarDate, setDate] = useState(options.date);
    const setCalendarDate = (date: string) => {
      dates.push(date);
      setDate(date);
    };
    return (
      <SessionContext
        value={{
          state: options.session,
          login: vi.fn(() => Promise.resolve(null)),
          completeLogin: vi.fn(),
          logout: vi.fn(() => Promise.resolve()),
          switchAccount: vi.fn(),
          makeDefault: vi.fn(() => Promise.resolve()),
          calendarDate,
          setCalendarDate,
        }}
      >
        {children}
      </SessionContext>
    );
  }
  const view = render(
    <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES, ...options.preferences }}>
      <NotificationsProvider>
        <AppErrorProvider>
          <Session>
            <DataProvider queryClient={testQueryClient()}>
              <RouterProvider router={router} />
            </DataProvider>
          </Session>
        </AppErrorProvider>
      </NotificationsProvider>
    </PreferencesProvider>,
  );
  return { ...view, router, dates };
}

let next = 0;
const uuid = () => `bbbbbbbb-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;

export function task(overrides: Partial<Task> = {}): Task {
  const dueAt = overrides.dueAt ?? new Date(Date.now() + 3_600_000).toISOString();
  return {
    id: uuid(),
    patientId: PATIENT_ID,
    scheduleId: uuid(),
    type: 'bp',
    date: '2026-03-02',
    time: '08:00',
    dueAt,
    overdueAt: new Date(Date.parse(dueAt) + 600_000).toISOString(),
    meal: null,
    status: 'pending',
    completedAt: null,
    measurementId: null,
    ...overrides,
  };
}

export function measurement(overrides: Partial<Measurement> = {}): Measurement {
  return {
    id: uuid(),
    patientId: PATIENT_ID,
    type: 'bp',
    values: { systolic: 134, diastolic: 82 },
    units: { systolic: 'mm[Hg]', diastolic: 'mm[Hg]' },
    takenAt: '2026-03-02T13:05:00.000Z',
    source: 'manual',
    meal: null,
    note: null,
    rangeClass: 'high',
    fileId: null,
    taskId: null,
    createdAt: '2026-03-02T13:05:01.000Z',
    ...overrides,
  };
}

export const page = <T,>(items: T[], total = items.length) => ({
  success: true,
  message: 'OK',
  // What `measurements.list` answers: the page and its meta.
  data: { items, meta: { total, page: 1, pageSize: 10, totalPages: Math.max(1, Math.ceil(total / 10)), hasNextPage: total > items.length, hasPreviousPage: false } },
});
