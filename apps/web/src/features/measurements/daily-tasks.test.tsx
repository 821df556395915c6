// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { today } from '../../session/calendar-date';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { DailyTasks } from './daily-tasks';
import { renderWithSession, signedInAs, task } from './testing/harness';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

const routes = [
  { path: '/', element: <DailyTasks /> },
  { path: '/measurements', element: <p>measurements page</p> },
];
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const day = today();
const nextDay = (() => {
  const [y, m, d] = day.split('-').map(Number);
  const at = new Date(y!, m! - 1, d! + 1);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
})();

describe('home’s daily tasks', () => {
  it('lists the day’s tasks with their status and 12-hour times, and leads to taking one in its window only', async () => {
    const tasks = [
      task({ date: day, time: '07:00', dueAt: minutes(-120), status: 'complete' }),
      task({ date: day, time: '08:15', type: 'bs', meal: 'before', dueAt: minutes(-30), status: 'pending' }),
      task({ date: day, time: '20:00', type: 'bw', dueAt: minutes(5), status: 'pending' }),
      task({ date: nextDay, time: '08:00', dueAt: minutes(24 * 60) }),
    ];
    const { calls } = fakeFetch(({ path }) => (path === 'tasks.daily' ? ok(tasks) : undefined));
    const { router } = renderWithSession(routes, '/', { session: signedInAs(ROLES.Patient), date: day });

    const rows = await screen.findAllByTestId('task-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['complete', 'overdue', 'pending']);
    expect(rows.map((r) => within(r).getByTestId('task-status').textContent)).toEqual(['Done', 'Overdue', 'To do']);
    expect(within(rows[1]!).getByText('08:15 AM')).toBeTruthy();
    expect(within(rows[1]!).getByText(/Before a meal/)).toBeTruthy();
    expect(within(rows[2]!).getByText('08:00 PM')).toBeTruthy();
    expect(screen.getByTestId('task-summary').textContent).toBe('1 of 3 done');
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    expect(calls[0]).toMatchObject({ path: 'tasks.daily', body: { date: `${day.slice(0, 4)}-01-01` } });

    // The 08:15 task's window closed (its overdue limit passed): a reading now would not complete it.
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).queryByTestId('task-opens-at')).toBeNull();
    fireEvent.click(within(rows[2]!).getByRole('link', { name: 'Take measurement: Weight at 08:00 PM' }));
    expect(router.state.location.pathname).toBe('/measurements');
    expect(router.state.location.search).toBe(`?type=bw&task=${tasks[2]!.id}`);
  });

  it('says when a later task opens instead of offering it early', async () => {
    fakeFetch(({ path }) => (path === 'tasks.daily' ? ok([task({ date: day, time: '00:30', type: 'bw', dueAt: minutes(180) })]) : undefined));
    renderWithSession(routes, '/', { session: signedInAs(ROLES.Patient), date: day });
    const row = await screen.findByTestId('task-row');
    expect(within(row).queryByRole('link')).toBeNull();
    // An hour before its time, across midnight on its own clock.
    expect(within(row).getByTestId('task-opens-at').textContent).toBe('From 11:30 PM');
  });

  it('marks the calendar’s days with tasks or appointments, tolerating a server without appointment dates', async () => {
    fakeFetch(({ path }) => (path === 'tasks.daily' ? ok([task({ date: day }), task({ date: nextDay })]) : undefined));
    renderWithSession(routes, '/', { session: signedInAs(ROLES.Patient), date: day });
    await screen.findAllByTestId('task-row');
    const calendar = screen.getByTestId('task-calendar');
    const cell = (date: string) => calendar.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;
    expect(within(cell(day)).queryByTestId('task-mark')).toBeTruthy();
    expect(cell(day).getAttribute('aria-label')).toContain('tasks');
    expect(screen.queryAllByTestId('appointment-mark')).toHaveLength(0);
    expect(calendar.querySelectorAll('td').length).toBeLessThanOrEqual(42);
    expect(calendar.querySelectorAll('th')).toHaveLength(7);
  });

  it('shows the days with appointments', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'tasks.daily') return ok([]);
      if (path === 'appointments.dates') return ok(['2026-03-10']);
      return undefined;
    });
    renderWithSession(routes, '/', { session: signedInAs(ROLES.Patient), date: '2026-03-02' });
    await waitFor(() => expect(screen.getAllByTestId('appointment-mark')).toHaveLength(1));
    expect(screen.getByTestId('task-calendar').querySelector('[data-date="2026-03-10"] [data-testid="appointment-mark"]')).toBeTruthy();
    expect(calls.find((c) => c.path === 'appointments.dates')?.body).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(await screen.findByText('No tasks for this day')).toBeTruthy();
  });

  it('changes the day when a date is chosen, by pointer or keyboard', async () => {
    fakeFetch(({ path }) => (path === 'tasks.daily' ? ok([task({ date: '2026-03-05', time: '09:00' })]) : path === 'appointments.dates' ? ok([]) : undefined));
    const { dates } = renderWithSession(routes, '/', { session: signedInAs(ROLES.Patient), date: '2026-03-02' });
    expect(await screen.findByText('No tasks for this day')).toBeTruthy();
    const calendar = screen.getByTestId('task-calendar');
    fireEvent.click(calendar.querySelector('[data-date="2026-03-05"]')!);
    expect(await screen.findByTestId('task-row')).toBeTruthy();
    expect(screen.getByTestId('selected-date').getAttribute('data-date')).toBe('2026-03-05');

    const selected = () => screen.getByTestId('task-calendar').querySelector('[data-selected]');
    expect(selected()?.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(selected()!, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByTestId('task-calendar').querySelector('[data-selected]')!, { key: 'ArrowDown' });
    expect(dates).toEqual(['2026-03-05', '2026-03-06', '2026-03-13']);
    await waitFor(() => expect(document.activeElement?.getAttribute('data-date')).toBe('2026-03-13'));
  });

  it('moves across months by keyboard and by the month buttons', async () => {
    fakeFetch(({ path }) => (path === 'tasks.daily' || path === 'appointments.dates' ? ok([]) : undefined));
    const { dates } = renderWithSession(routes, '/', { session: signedInAs(ROLES.Patient), date: '2026-03-13' });
    expect(await screen.findByText('No tasks for this day')).toBeTruthy();
    const selected = () => screen.getByTestId('task-calendar').querySelector('[data-selected]');
    fireEvent.keyDown(selected()!, { key: 'PageDown' });
    expect(dates.at(-1)).toBe('2026-04-13');
    expect(screen.getByTestId('calendar-month').textContent).toBe('April 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByTestId('calendar-month').textContent).toBe('May 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(dates.at(-1)).toBe('2026-04-12');
  });

  it('asks the next year’s tasks when the calendar shows it', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'tasks.daily' ? ok([]) : undefined));
    renderWithSession(routes, '/', { session: signedInAs(ROLES.Patient), date: '2026-12-20' });
    await screen.findByText('No tasks for this day');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'tasks.daily').map((c) => c.body)).toEqual([{ date: '2026-01-01' }, { date: '2027-01-01' }]),
    );
  });

  it('says when tasks cannot be loaded and tries again', async () => {
    let attempts = 0;
    fakeFetch(({ path }) => {
      if (path !== 'tasks.daily') return undefined;
      attempts += 1;
      return attempts === 1 ? fail(503, 'serviceUnavailable', 'Unavailable') : ok([]);
    });
    renderWithSession(routes, '/', { session: signedInAs(ROLES.Patient), date: day });
    expect((await screen.findByTestId('load-failed')).textContent).toContain('The service is not available right now.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await Promise.resolve();
    });
    expect(await screen.findByText('No tasks for this day')).toBeTruthy();
  });

  it('tells someone who is not a patient that daily tasks are for patients, and asks for none', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'appointments.dates' ? ok([day]) : undefined));
    renderWithSession(routes, '/', { session: signedInAs(ROLES.Physician), date: day });
    expect(screen.getByText('Daily tasks are for patients')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('appointment-mark')).toHaveLength(1));
    expect(calls.some((c) => c.path === 'tasks.daily')).toBe(false);
  });
});
