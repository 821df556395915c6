// @vitest-environment happy-dom
import type { Schedule } from '@opencare/schemas/entities/care';
import { listMeta } from '@opencare/schemas/envelope';
import { ROLES } from '@opencare/schemas/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { settingsRoute } from './routes';

const patient = makeAccount([ROLES.Patient]);
const signedIn = (account = patient) => ({ status: 'signed-in' as const, user: makeUser([account]), account });

function schedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: '5a0e9a7c-1b2c-4d3e-8f90-a1b2c3d4e5f6',
    patientId: patient.id,
    type: 'bp',
    startDate: '2026-01-01',
    endDate: null,
    frequency: 'daily',
    days: [],
    times: ['08:00', '20:00'],
    timezone: 'America/New_York',
    notifyByEmail: true,
    meal: null,
    active: true,
    createdAt: '2026-01-01T08:00:00.000Z',
    nextDueAt: '2026-01-05T01:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  cleanup();
  sessionStore.accessToken.clear();
});

describe('reminders', () => {
  it("lists the patient's schedules with the next time due, and turns one's e-mail off", async () => {
    let current = schedule();
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'schedules.list') return ok({ items: [current], meta: listMeta(1, 1, 100) });
      if (path === 'schedules.reminders') {
        current = { ...current, notifyByEmail: (body as { changes: { notifyByEmail: boolean } }).changes.notifyByEmail };
        return ok(current);
      }
      return undefined;
    });
    renderRoutes([settingsRoute], '/settings/reminders', signedIn());
    const item = await screen.findByTestId('schedule-item');
    expect(screen.getByRole('link', { name: 'Reminders' }).getAttribute('aria-current')).toBe('page');
    expect(within(item).getByText('Blood pressure')).toBeTruthy();
    expect(within(item).getByTestId('schedule-next').textContent).toMatch(/^Next: /);
    const toggle = within(item).getByRole('switch', { name: 'E-mail reminder for Blood pressure' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText(/E-mail reminders for Blood pressure are off/)).toBeTruthy();
    expect(calls.filter((c) => c.path === 'schedules.reminders').map((c) => c.body)).toEqual([
      { id: current.id, changes: { notifyByEmail: false } },
    ]);
    expect(calls.find((c) => c.path === 'schedules.list')?.body).toEqual({ patient: patient.id, pageSize: 100 });
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('switch').checked).toBe(false));
  });

  it('says so when nothing is scheduled, and keeps the switch as it was when the server refuses', async () => {
    fakeFetch(({ path }) => (path === 'schedules.list' ? ok({ items: [], meta: listMeta(0, 1, 100) }) : undefined));
    renderRoutes([settingsRoute], '/settings/reminders', signedIn());
    expect(await screen.findByText(/has not scheduled any measurements/)).toBeTruthy();
    cleanup();

    fakeFetch(({ path }) => {
      if (path === 'schedules.list') return ok({ items: [schedule()], meta: listMeta(1, 1, 100) });
      if (path === 'schedules.reminders') return fail(409, 'scheduleEnded', 'This schedule has ended and can no longer be changed.');
      return undefined;
    });
    renderRoutes([settingsRoute], '/settings/reminders', signedIn());
    fireEvent.click(await screen.findByRole('switch'));
    expect(await screen.findByText('This schedule has ended and can no longer be changed.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch').checked).toBe(true);
  });

  it('is for patients: staff are taken to their preferences and see no Reminders section', async () => {
    const nurse = makeAccount([ROLES.Nurse], { accountType: { code: 'prov', description: 'Provider' } });
    fakeFetch(() => undefined);
    renderRoutes([settingsRoute], '/settings/reminders', signedIn(nurse));
    expect(await screen.findByTestId('preferences')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reminders' })).toBeNull();
  });
});
