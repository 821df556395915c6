// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage, preloadLastHome } from '../../pages/home-page';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok, okList, type FakeCall } from '../signup/testing/harness';
import { alert } from '../alerts/testing/render-alerts';
import { appointment, PHYSICIAN_ID, signedInAs, visit } from '../appointments/testing/fixtures';
import { listItem } from '../mail/testing/mail-fixtures';

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
