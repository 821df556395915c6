// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage, preloadLastHome } from '../../pages/home-page';
import type { SessionState } from '../../session/session-context';
import { sessionStore } from '../../session/session-store';
import { testQueryClient } from '../../testing/query-client';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok, okList, type FakeCall } from '../signup/testing/harness';
import { alert } from '../alerts/testing/render-alerts';
import { appointment, PHYSICIAN_ID, signedInAs, visit } from '../appointments/testing/fixtures';
import { listItem } from '../mail/testing/mail-fixtures';
import { prefetchHome } from './home-prefetch';

const open = (role: number, id?: string) =>
  renderRoutes([{ path: '/', element: <HomePage /> }], '/', signedInAs(role, id));

/** The procedures home asked for, once each. */
const asked = (calls: FakeCall[]) => [...new Set(calls.map((call) => call.path))].sort();

const inAnHour = () => new Date(Date.now() + 30 * 60_000);
const BEHIND = {
  days: 7,
  noReadingDays: 3,
  targetPercent: 80,
  total: 2,
  items: [
    {
      patient: { id: '66666666-6666-4666-8666-666666666661', fullName: 'Cleo Missing' },
      adherence: { due: 7, completed: 0, percent: 0 },
      missedTasks: 1,
      lastReadingAt: null,
      reasons: ['lowAdherence', 'missedTasks', 'noRecentReadings'],
    },
    {
      patient: { id: '66666666-6666-4666-8666-666666666662', fullName: 'Ben Late' },
      adherence: { due: 7, completed: 3, percent: 43 },
      missedTasks: 0,
      lastReadingAt: '2026-03-01T12:00:00.000Z',
      reasons: ['lowAdherence'],
    },
  ],
};
const OVERVIEW = { activePatients: 12, staff: 5, pendingInvitations: 2, gatewaysOffline: 1, openAlerts: 3, readingsLastDay: 40 };

function clinicServer(overrides: Partial<Record<string, ReturnType<typeof ok>>> = {}) {
  const start = inAnHour();
  return fakeFetch(({ path }) => {
    if (path in overrides) return overrides[path];
    if (path === 'appointments.list')
      return okList([
        appointment({
          startsAt: start.toISOString(),
          endsAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
        }),
        appointment({
          status: 'cancelled',
          patient: { id: '55555555-5555-4555-8555-555555555555', fullName: 'Cancelled Person' },
        }),
      ]);
    if (path === 'alerts.list')
      return okList(
        [
          alert({
            id: '5b6c7d8e-1f2a-4b3c-8d4e-000000000001',
            patientName: 'Elevated Eve',
            rangeClass: 'elevated',
          }),
          alert({
            id: '5b6c7d8e-1f2a-4b3c-8d4e-000000000002',
            patientName: 'Highest Hal',
            rangeClass: 'highest',
          }),
        ],
        1,
        7,
      );
    if (path === 'mail.threads')
      return okList([listItem({ subject: 'Dizzy after the new dose', unreadCount: 2 })]);
    if (path === 'mail.unreadCount') return ok({ unreadCount: 2 });
    if (path === 'visits.incomplete') return okList([visit()]);
    if (path === 'organisations.overview') return ok(OVERVIEW);
    if (path === 'adherence.behind') return ok(BEHIND);
    if (path === 'visits.waitingRoom') return ok([]);
    return undefined;
  });
}

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
  sessionStore.lastHome.clear();
});

describe('the home this device showed last', () => {
  it('is remembered by its kind once home has shown it', async () => {
    clinicServer();
    open(ROLES.Physician, PHYSICIAN_ID);
    expect(await screen.findByTestId('clinician-home')).toBeTruthy();
    await waitFor(() => expect(sessionStore.lastHome.get()).toBe('clinician'));
  });

  it('is only a hint: a stored value that names no home downloads nothing and fails nothing', async () => {
    for (const stored of ['toString', '__proto__', 'nobody']) {
      sessionStore.lastHome.set(stored);
      await expect(Promise.resolve().then(() => preloadLastHome('en-US'))).resolves.toBeUndefined();
    }
  });
});

describe("home's data, asked for with the page's code", () => {
  /** What a reloaded tab holds: the token (set for every test above), the user and the account acted as. */
  function storeSession(state: SessionState) {
    if (state.status !== 'signed-in') return;
    sessionStore.user.set(state.user);
    sessionStore.accountId.set(state.account.id);
  }
  afterEach(() => {
    sessionStore.user.clear();
    sessionStore.accountId.clear();
    sessionStore.selectedDate.clear();
  });
  const HOME = { pathname: '/', search: '' };

  it("asks for a physician's home before it renders, once each, and the sections ask nothing again", async () => {
    const { calls } = clinicServer();
    const session = signedInAs(ROLES.Physician, PHYSICIAN_ID);
    storeSession(session);
    const queryClient = testQueryClient();
    await prefetchHome(queryClient, HOME);
    const home = ['adherence.behind', 'alerts.list', 'appointments.list', 'mail.threads', 'mail.unreadCount', 'visits.incomplete', 'visits.waitingRoom'];
    expect(calls.map((call) => call.path).sort()).toEqual(home);

    renderRoutes([{ path: '/', element: <HomePage /> }], '/', session, queryClient);
    expect(await screen.findAllByTestId('home-alert')).toHaveLength(2);
    expect(screen.getByTestId('home-visit')).toBeTruthy();
    expect(screen.getByTestId('home-thread')).toBeTruthy();
    expect(screen.getByTestId('home-incomplete-visit')).toBeTruthy();
    expect(screen.getAllByTestId('home-behind-patient')).toHaveLength(2);
    expect(calls).toHaveLength(home.length);
  });

  it("asks for a patient's first tab before it renders, and the tab asks nothing again", async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'tasks.daily' || path === 'appointments.dates' || path === 'enrolments.list') return ok([]);
      if (path === 'mail.unreadCount') return ok({ unreadCount: 3 });
      if (path === 'measurements.list') return okList([]);
      if (path === 'appointments.list')
        return okList([appointment({ startsAt: inAnHour().toISOString(), provider: { id: PHYSICIAN_ID, fullName: 'Dr. Ada Park' } })]);
      return undefined;
    });
    const session = signedInAs(ROLES.Patient);
    storeSession(session);
    // The calendar date the test session's provider says.
    sessionStore.selectedDate.set('2026-03-02');
    const queryClient = testQueryClient();
    await prefetchHome(queryClient, HOME);
    const prefetched = ['appointments.dates', 'appointments.list', 'enrolments.list', 'mail.unreadCount', 'tasks.daily'];
    expect(calls.map((call) => call.path).sort()).toEqual(prefetched);
    expect(calls.find((call) => call.path === 'tasks.daily')?.body).toEqual({ date: '2026-01-01' });

    renderRoutes([{ path: '/', element: <HomePage /> }], '/', session, queryClient);
    const next = await screen.findByTestId('home-next-appointment');
    await waitFor(() => expect(next.textContent).toContain('with Dr. Ada Park'));
    expect(screen.getByTestId('home-unread-messages').textContent).toContain('Unread: 3');
    // Only the latest reading's advice, whose window starts when it renders, is asked for then.
    await waitFor(() => expect(calls.map((call) => call.path).sort()).toEqual([...prefetched, 'measurements.list'].sort()));
  });

  it("asks an assistant's and an admin's home what those homes show", async () => {
    const { calls } = clinicServer();
    storeSession(signedInAs(ROLES.Assistant));
    await prefetchHome(testQueryClient(), HOME);
    expect(asked(calls)).toEqual(['adherence.behind', 'alerts.list', 'appointments.list']);
    expect(calls.find((call) => call.path === 'appointments.list')?.body).not.toHaveProperty('providerId');

    calls.length = 0;
    storeSession(signedInAs(ROLES.Admin));
    await prefetchHome(testQueryClient(), HOME);
    expect(asked(calls)).toEqual(['organisations.overview']);
  });

  it('takes the home from the session, not from the one this device remembers', async () => {
    const { calls } = clinicServer();
    storeSession(signedInAs(ROLES.Admin));
    for (const remembered of ['clinician', 'patient', 'toString']) {
      sessionStore.lastHome.set(remembered);
      await prefetchHome(testQueryClient(), HOME);
    }
    expect(calls.map((call) => call.path)).toEqual(['organisations.overview', 'organisations.overview', 'organisations.overview']);
  });

  it("chooses the home from the stored accounts alone, without waiting for the stored user's check", async () => {
    const { calls } = clinicServer();
    // Not a user the check would pass (no name, no username): the accounts are enough to ask.
    const account = { id: 'account-admin', isDefault: true, roles: { Admin: ROLES.Admin } };
    window.sessionStorage.setItem('opencare.user', JSON.stringify({ accounts: [account] }));
    await prefetchHome(testQueryClient(), HOME);
    expect(calls.map((call) => call.path)).toEqual(['organisations.overview']);

    // What is stored there is whatever was written: anything else asks nothing.
    for (const stored of ['not json', '"admin"', '{"accounts":"Admin"}', '{"accounts":[{"id":7,"isDefault":true,"roles":{}}]}', '{"accounts":[null]}']) {
      window.sessionStorage.setItem('opencare.user', stored);
      await prefetchHome(testQueryClient(), HOME);
    }
    expect(calls).toHaveLength(1);
  });

  it('asks nothing for a signed-out visitor, a tab still restoring its session, or another address', async () => {
    const { fetch } = clinicServer();
    sessionStore.accessToken.clear();
    await prefetchHome(testQueryClient(), HOME);
    // A stored user without a token: the session is restored (refreshed) first.
    storeSession(signedInAs(ROLES.Physician, PHYSICIAN_ID));
    await prefetchHome(testQueryClient(), HOME);
    sessionStore.accessToken.set('test-token');
    await prefetchHome(testQueryClient(), { pathname: '/patients', search: '' });
    await prefetchHome(testQueryClient(), { pathname: '/login', search: '' });
    await prefetchHome(testQueryClient(), { pathname: '/', search: '?tab=appointments' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('home', () => {
  it("welcomes the physician by name with today's visits, the most severe alerts, mail and visits to complete", async () => {
    const { calls } = clinicServer();
    open(ROLES.Physician, PHYSICIAN_ID);
    expect(screen.getByTestId('user-full-name').textContent).toBe('Pat Morgan');

    const visitRow = await screen.findByTestId('home-visit');
    expect(within(visitRow).getByRole('link', { name: 'Pat Morgan' })).toBeTruthy();
    expect(within(visitRow).getByTestId('home-visit-state').textContent).toBe('Upcoming');
    expect(
      within(visitRow).getByRole('link', { name: 'Join the visit with Pat Morgan' }).getAttribute('href'),
    ).toBe('/telehealth-visit/k7mp-2xqa-9trz');
    expect(screen.queryByText('Cancelled Person')).toBeNull();
    // Their own day: the list asks for the physician's appointments of today.
    expect(calls.find((call) => call.path === 'appointments.list')?.body).toMatchObject({
      providerId: PHYSICIAN_ID,
    });

    const alerts = await screen.findAllByTestId('home-alert');
    expect(alerts.map((row) => row.getAttribute('data-range'))).toEqual(['highest', 'elevated']);
    expect(screen.getByTestId('home-alerts-count').textContent).toBe('7');

    const thread = await screen.findByTestId('home-thread');
    expect(within(thread).getByRole('link', { name: 'Dizzy after the new dose' })).toBeTruthy();
    expect(await screen.findByTestId('home-incomplete-visit')).toBeTruthy();
    const behind = await screen.findAllByTestId('home-behind-patient');
    expect(behind.map((row) => within(row).getByRole('link').textContent)).toEqual(['Cleo Missing', 'Ben Late']);
    expect(within(behind[0]!).getByRole('link', { name: 'Cleo Missing' }).getAttribute('href')).toBe('/patients/66666666-6666-4666-8666-666666666661');
    expect(within(behind[0]!).getByTestId('home-behind-adherence').textContent).toBe('0% done in 7 days');
    expect(within(behind[0]!).getByTestId('home-behind-why').textContent).toBe('Missed in the last 24 hours: 1 · No readings yet');
    expect(within(behind[1]!).getByTestId('home-behind-adherence').textContent).toBe('43% done in 7 days');
    expect(within(behind[1]!).queryByTestId('home-behind-why')).toBeNull();
    expect(screen.getByTestId('home-behind-count').textContent).toBe('2');
    expect(asked(calls)).toEqual(['adherence.behind', 'alerts.list', 'appointments.list', 'mail.threads', 'mail.unreadCount', 'visits.incomplete', 'visits.waitingRoom']);
    // Nobody waits: no waiting room on the home.
    expect(screen.queryByTestId('home-waiting-room')).toBeNull();
    expect(screen.queryByTestId('selected-date')).toBeNull();
  });

  it('asks an assistant only what an assistant may read, and links no patient snapshot', async () => {
    const { calls } = clinicServer();
    open(ROLES.Assistant);
    const visitRow = await screen.findByTestId('home-visit');
    expect(within(visitRow).queryByRole('link', { name: 'Pat Morgan' })).toBeNull();
    await screen.findAllByTestId('home-alert');
    expect(screen.queryByTestId('home-mail')).toBeNull();
    expect(screen.queryByTestId('home-incomplete')).toBeNull();
    const behind = await screen.findAllByTestId('home-behind-patient');
    expect(within(behind[0]!).queryByRole('link')).toBeNull();
    expect(within(behind[0]!).getByText('Cleo Missing')).toBeTruthy();
    expect(asked(calls)).toEqual(['adherence.behind', 'alerts.list', 'appointments.list']);
    // The clinic's day, not one provider's.
    expect(calls.find((call) => call.path === 'appointments.list')?.body).not.toHaveProperty('providerId');
  });

  it('keeps each section to its own failure and its own empty state', async () => {
    clinicServer({
      'alerts.list': fail(500, 'internalError', 'Something went wrong.'),
      'appointments.list': okList([]),
      'visits.incomplete': okList([]),
      'adherence.behind': ok({ ...BEHIND, total: 0, items: [] }),
    });
    open(ROLES.Nurse);
    expect(await screen.findByText('Everyone is on track')).toBeTruthy();
    expect(await screen.findByText('No visits today')).toBeTruthy();
    expect(await within(screen.getByTestId('home-alerts')).findByTestId('load-failed')).toBeTruthy();
    expect(await screen.findByText('No visits to complete')).toBeTruthy();
    expect(await within(screen.getByTestId('home-mail')).findByTestId('home-thread')).toBeTruthy();
  });

  it('says when the patients behind cannot be loaded, in their section only', async () => {
    clinicServer({ 'adherence.behind': fail(500, 'internalError', 'Something went wrong.') });
    open(ROLES.Physician, PHYSICIAN_ID);
    expect(await within(screen.getByTestId('home-behind')).findByTestId('load-failed')).toBeTruthy();
    expect(await screen.findAllByTestId('home-alert')).toHaveLength(2);
  });

  it("shows the admin the organisation's figures", async () => {
    const { calls } = clinicServer();
    open(ROLES.Admin);
    const patients = await screen.findByTestId('overview-activePatients');
    expect(within(patients).getByRole('link', { name: 'Active patients' })).toBeTruthy();
    expect(within(patients).getByTestId('overview-value').textContent).toBe('12');
    expect(
      within(screen.getByTestId('overview-readingsLastDay')).getByTestId('overview-value').textContent,
    ).toBe('40');
    expect(asked(calls)).toEqual(['organisations.overview']);
  });

  it('asks nothing for a caregiver, who has no records to read', async () => {
    const { calls } = clinicServer();
    open(ROLES.User);
    expect(await screen.findByText('Nothing waits for you here')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open settings' })).toBeTruthy());
    expect(calls).toEqual([]);
  });

  it("starts a patient's home with the day's tasks, and no identity card", async () => {
    fakeFetch(({ path }) =>
      path === 'tasks.daily'
        ? ok([])
        : path === 'appointments.dates'
          ? ok([])
          : path === 'mail.unreadCount'
            ? ok({ unreadCount: 0 })
            : undefined,
    );
    open(ROLES.Patient);
    expect(await screen.findByTestId('selected-date')).toBeTruthy();
    expect(screen.getByTestId('home-tab-dailyTasks').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('user-username')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it("shows a patient's next appointment and unread messages under the tasks, each opening its tab", async () => {
    const start = inAnHour();
    fakeFetch(({ path }) => {
      if (path === 'tasks.daily' || path === 'appointments.dates') return ok([]);
      if (path === 'mail.unreadCount') return ok({ unreadCount: 3 });
      if (path === 'mail.threads') return okList([]);
      if (path === 'appointments.list')
        return okList([
          appointment({
            startsAt: start.toISOString(),
            provider: { id: PHYSICIAN_ID, fullName: 'Dr. Ada Park' },
          }),
        ]);
      return undefined;
    });
    const { router } = open(ROLES.Patient);
    const next = await screen.findByTestId('home-next-appointment');
    await waitFor(() => expect(next.textContent).toContain('with Dr. Ada Park'));
    const unread = screen.getByTestId('home-unread-messages');
    await waitFor(() => expect(unread.textContent).toContain('Unread: 3'));
    fireEvent.click(within(unread).getByRole('button', { name: 'Read' }));
    await waitFor(() =>
      expect(screen.getByTestId('home-tab-messages').getAttribute('aria-selected')).toBe('true'),
    );
    expect(router.state.location.search).toBe('?tab=messages');
  });

  it('tells a patient with nothing booked that nothing is booked, and offers to book', async () => {
    fakeFetch(({ path }) => {
      if (path === 'tasks.daily' || path === 'appointments.dates') return ok([]);
      if (path === 'mail.unreadCount') return ok({ unreadCount: 0 });
      if (path === 'appointments.list') return okList([]);
      return undefined;
    });
    open(ROLES.Patient);
    const next = await screen.findByTestId('home-next-appointment');
    await waitFor(() => expect(next.textContent).toContain('No appointment booked'));
    expect(within(next).getByRole('button', { name: 'Book' })).toBeTruthy();
    expect(screen.getByTestId('home-unread-messages').textContent).toContain('Nothing unread');
  });
});
