// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fakeFetch } from '../signup/testing/harness';
import { appointmentsRoute } from './routes';
import { appointment, inputOf, listOf, PHYSICIAN_ID, signedInAs } from './testing/fixtures';

type Range = { providerId?: string; from: string; to: string; pageSize: number };
const open = (role: number, id?: string) =>
  renderRoutes([appointmentsRoute], '/appointments', signedInAs(role, id));
const at = (date: string, hour: number) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00`);
const layla = { id: '55555555-5555-4555-8555-555555555555', fullName: 'Layla Haddad' };

// Friday 1 March 2030: the week shown first runs from Sunday 24 February to Saturday 2 March.
const thisWeek = appointment({
  patient: layla,
  startsAt: at('2030-03-02', 10).toISOString(),
  endsAt: at('2030-03-02', 11).toISOString(),
  status: 'confirmed',
});
const nextWeek = appointment({
  type: { code: 'pv', description: 'Postoperative' },
  startsAt: at('2030-03-05', 9).toISOString(),
  endsAt: at('2030-03-05', 10).toISOString(),
});
const cancelledOne = appointment({
  startsAt: at('2030-02-25', 14).toISOString(),
  endsAt: at('2030-02-25', 15).toISOString(),
  status: 'cancelled',
  cancelReason: { code: 'other', description: 'Other' },
});

/** The server's answer: the appointments that start in the range asked for. */
function serve(appointments = [thisWeek, nextWeek, cancelledOne]) {
  return fakeFetch(({ path, body }) => {
    if (path !== 'appointments.list') return undefined;
    const { from, to } = body as Range;
    return listOf(appointments.filter((a) => a.startsAt >= from && a.startsAt < to));
  });
}

/** The calendar's day column an element is in, by the date of its time slots. */
function dayOf(element: HTMLElement): string | undefined {
  const column = element.closest('.mantine-WeekView-weekViewDay');
  const slot = column?.querySelector('[aria-label^="Time "]');
  return /\d{4}-\d{2}-\d{2}/.exec(slot?.getAttribute('aria-label') ?? '')?.[0];
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.accessToken.set('test-token');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-03-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

describe('a clinician’s week calendar', () => {
  it('shows the week’s own appointments on their days, with patient, type and status', async () => {
    const { calls } = serve();
    open(ROLES.Physician, PHYSICIAN_ID);
    const events = await screen.findAllByTestId('calendar-event');
    expect(events).toHaveLength(2);
    const laylas = events.find((e) => e.dataset.id === thisWeek.id)!;
    expect(dayOf(laylas)).toBe('2030-03-02');
    expect(laylas.textContent).toContain('Layla Haddad');
    expect(laylas.textContent).toContain('Telemedicine');
    expect(laylas.textContent).toContain('Confirmed');
    // A button in the tab order: Enter opens it as a click does.
    expect(laylas.tagName).toBe('BUTTON');
    expect(laylas.tabIndex).toBe(0);
    const cancelled = events.find((e) => e.dataset.id === cancelledOne.id)!;
    expect(dayOf(cancelled)).toBe('2030-02-25');
    expect(cancelled.dataset.muted).toBe('true');
    expect(screen.getByTestId('period-title').textContent).toMatch(/^Week of Feb 24\s–\sMar 2, 2030$/);

    const first = inputOf<Range>(calls.find((c) => c.path === 'appointments.list'));
    expect(first.providerId).toBe(PHYSICIAN_ID);
    expect(new Date(first.from).getTime()).toBe(new Date(2030, 1, 24).getTime());
    expect(Date.parse(first.to) - Date.parse(first.from)).toBe(7 * 24 * 3_600_000);
  });

  it('moves a week at a time, and back to this week', async () => {
    const { calls } = serve();
    open(ROLES.Physician, PHYSICIAN_ID);
    await screen.findAllByTestId('calendar-event');
    expect(screen.queryByTestId('this-week')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByTestId('period-title').textContent).toMatch(/^Week of Mar 3\s–\s9, 2030$/);
    await waitFor(() =>
      expect(screen.getAllByTestId('calendar-event').map((e) => e.dataset.id)).toEqual([nextWeek.id]),
    );
    const event = screen.getByTestId('calendar-event');
    expect(dayOf(event)).toBe('2030-03-05');
    expect(event.textContent).toContain('Postoperative');
    expect(new Date(inputOf<Range>(calls.at(-1)).from).getTime()).toBe(new Date(2030, 2, 3).getTime());

    fireEvent.click(screen.getByTestId('this-week'));
    await waitFor(() => expect(screen.getAllByTestId('calendar-event')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Nothing is booked this week.')).toBeTruthy();
  });

  it('opens an appointment with what the list offers, and the way to the patient', async () => {
    serve();
    open(ROLES.Physician, PHYSICIAN_ID);
    const events = await screen.findAllByTestId('calendar-event');
    fireEvent.click(events.find((e) => e.dataset.id === thisWeek.id)!);
    const dialog = await screen.findByRole('dialog');
    const card = within(dialog).getByTestId('appointment-card');
    expect(within(card).getByText('Patient: Layla Haddad')).toBeTruthy();
    expect(within(card).getByText('Reschedule')).toBeTruthy();
    expect(within(dialog).getByTestId('open-patient').getAttribute('href')).toBe(`/patients/${layla.id}`);

    // Rescheduling leaves this dialog for its own.
    fireEvent.click(within(card).getByText('Reschedule'));
    await waitFor(() => expect(screen.queryByTestId('appointment-dialog')).toBeNull());
  });

  it('lists the same week as cards, for those who prefer a list', async () => {
    serve();
    open(ROLES.Physician, PHYSICIAN_ID);
    await screen.findAllByTestId('calendar-event');
    fireEvent.click(screen.getByText('List'));
    const list = await screen.findByTestId('clinician-appointments');
    const cards = within(list).getAllByTestId('appointment-card');
    expect(cards.map((c) => c.dataset.id).sort()).toEqual([thisWeek.id, cancelledOne.id].sort());
    expect(screen.queryByTestId('appointments-calendar')).toBeNull();

    // This device remembers the choice: the screen opens on the list next time.
    cleanup();
    open(ROLES.Physician, PHYSICIAN_ID);
    expect(await screen.findByTestId('clinician-appointments')).toBeTruthy();
    expect(screen.queryByTestId('appointments-calendar')).toBeNull();
  });

  it('shows an assistant the whole clinic’s empty week, without an "only mine" switch', async () => {
    const { calls } = serve([]);
    open(ROLES.Assistant);
    expect(await screen.findByText('No appointments')).toBeTruthy();
    expect(screen.queryByLabelText('Only my appointments')).toBeNull();
    expect(inputOf(calls.find((c) => c.path === 'appointments.list'))).not.toHaveProperty('providerId');
  });

  it('asks for everyone’s appointments when "only mine" is turned off', async () => {
    const { calls } = serve();
    open(ROLES.Physician, PHYSICIAN_ID);
    await screen.findAllByTestId('calendar-event');
    fireEvent.click(screen.getByLabelText('Only my appointments'));
    await waitFor(() => expect(inputOf<Range>(calls.at(-1)).providerId).toBeUndefined());
  });
});
