// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { appointmentsRoute } from './routes';
import { appointment, inputOf, listOf, NURSE_ID, PHYSICIAN_ID, signedInAs } from './testing/fixtures';

const whenOf = (body: unknown) => (body as { when?: string }).when;

const routes = [appointmentsRoute];
const open = (role: number, path = '/appointments', id?: string) =>
  renderRoutes(routes, path, signedInAs(role, id));

const providers = [
  { id: NURSE_ID, fullName: 'Noah Bennett', role: 'nurse', specialty: null },
  {
    id: PHYSICIAN_ID,
    fullName: 'Priya Raman',
    role: 'physician',
    specialty: { code: '08', description: 'Family practice' },
  },
];
const slots = [
  { startsAt: '2030-03-06T13:00:00.000Z', time: '08:00', label: '08:00 AM' },
  { startsAt: '2030-03-06T13:30:00.000Z', time: '08:30', label: '08:30 AM' },
];

/** Open the provider list (once loaded) and pick one by name. */
async function chooseProvider(dialog: HTMLElement, name: string) {
  const input = within(dialog).getByLabelText(/Physician or nurse/);
  await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

beforeEach(() => {
  sessionStore.accessToken.set('test-token');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-03-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

describe('a patient’s appointments', () => {
  it('lists upcoming and past ones with their times, and says so when there are none', async () => {
    const upcoming = appointment({ reason: 'Wound check' });
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'appointments.list' && whenOf(body) === 'upcoming') return listOf([upcoming]);
      if (path === 'appointments.list' && whenOf(body) === 'past') return listOf([]);
      return undefined;
    });
    open(ROLES.Patient);
    const card = await screen.findByTestId('appointment-card');
    expect(within(card).getByText('With Priya Raman')).toBeTruthy();
    expect(within(card).getByText('Reason: Wound check')).toBeTruthy();
    expect(within(card).getByText('Telemedicine')).toBeTruthy();
    expect(within(card).getByText('Scheduled')).toBeTruthy();
    // 12-hour form, isolated for right-to-left reading.
    expect(within(card).getByTestId('appointment-time').querySelector('bdi')?.textContent).toMatch(
      /^\d{2}:\d{2} (AM|PM)$/,
    );
    expect(within(card).getByTestId('visit-code').textContent).toBe('k7mp-2xqa-9trz');
    expect(await screen.findByText('No past appointments')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'appointments.list').map((c) => c.body)).toEqual(
      expect.arrayContaining([
        { when: 'upcoming', pageSize: 50 },
        { when: 'past', pageSize: 20 },
      ]),
    );
  });

  it('books a free slot of the chosen provider, type and day', async () => {
    let booked = false;
    const { calls } = fakeFetch(({ method, path, body }) => {
      if (path === 'appointments.providers') return ok(providers);
      if (path === 'appointments.slots') return ok(slots);
      if (method === 'mutation' && path === 'appointments.book') {
        booked = true;
        return ok(appointment({ startsAt: (body as { startsAt: string }).startsAt }), 201);
      }
      if (path === 'appointments.list') return listOf(booked ? [appointment()] : []);
      return undefined;
    });
    const { router } = open(ROLES.Patient);
    fireEvent.click(await screen.findByTestId('book-appointment'));
    expect(router.state.location.search).toBe('?book=1');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Choose a physician or nurse and a date to see the free times.'),
    ).toBeTruthy();

    // Booking without a provider and a time says what is missing, from the first, and sends nothing.
    fireEvent.click(within(dialog).getByTestId('book-submit'));
    expect(await within(dialog).findByText('Choose a time.')).toBeTruthy();
    expect(within(dialog).getByText('Choose a physician or nurse.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('book-provider')));

    await chooseProvider(dialog, 'Priya Raman');
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2030-03-06' } });
    const chips = await within(dialog).findAllByTestId('slot');
    expect(chips).toHaveLength(2);
    expect(
      calls.some(
        (c) =>
          c.path === 'appointments.slots' &&
          JSON.stringify(c.body) === JSON.stringify({ date: '2030-03-06', providerId: PHYSICIAN_ID }),
      ),
    ).toBe(true);
    fireEvent.click(chips[1]!);
    fireEvent.change(within(dialog).getByLabelText('Reason for the visit'), {
      target: { value: 'Follow-up' },
    });
    fireEvent.click(within(dialog).getByTestId('book-submit'));

    await waitFor(() => expect(calls.some((c) => c.method === 'mutation')).toBe(true));
    expect(calls.find((c) => c.method === 'mutation')?.path).toBe('appointments.book');
    expect(calls.find((c) => c.method === 'mutation')?.body).toEqual({
      providerId: PHYSICIAN_ID,
      type: 'tv',
      startsAt: slots[1]!.startsAt,
      reason: 'Follow-up',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText(/^Appointment booked for/)).toBeTruthy();
  });

  it('offers the free times again when the chosen one was just taken', async () => {
    let slotCalls = 0;
    fakeFetch(({ method, path }) => {
      if (path === 'appointments.providers') return ok(providers);
      if (path === 'appointments.slots') {
        slotCalls += 1;
        return ok(slotCalls === 1 ? slots : slots.slice(1));
      }
      if (method === 'mutation' && path === 'appointments.book')
        return fail(409, 'slotNotAvailable', 'This time is not available. Please choose another time.');
      if (path === 'appointments.list') return listOf([]);
      return undefined;
    });
    open(ROLES.Patient, '/appointments?book=1');
    const dialog = await screen.findByRole('dialog');
    await chooseProvider(dialog, 'Noah Bennett');
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2030-03-06' } });
    fireEvent.click((await within(dialog).findAllByTestId('slot'))[0]!);
    fireEvent.click(within(dialog).getByTestId('book-submit'));
    expect(await within(dialog).findByText('That time was just taken. Please choose another.')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByTestId('slot')).toHaveLength(1));
    // The times left are marked with the message, and the first has the focus.
    expect(within(dialog).getByTestId('slots').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(within(dialog).getByTestId('slots')).getAllByRole('radio')[0]));
    // Choosing another time answers the message.
    fireEvent.click(within(dialog).getAllByTestId('slot')[0]!);
    await waitFor(() => expect(within(dialog).queryByText('That time was just taken. Please choose another.')).toBeNull());
  });

  it('moves an appointment to a free time, asking for the time first', async () => {
    const first = appointment();
    const { calls } = fakeFetch(({ method, path, body }) => {
      if (path === 'appointments.slots') return ok(slots);
      if (method === 'mutation' && path === 'appointments.reschedule') {
        return ok({ ...first, status: 'rescheduled', startsAt: (body as { startsAt: string }).startsAt });
      }
      if (path === 'appointments.list' && whenOf(body) === 'upcoming') return listOf([first]);
      if (path === 'appointments.list' && whenOf(body) === 'past') return listOf([]);
      return undefined;
    });
    open(ROLES.Patient);
    fireEvent.click(await screen.findByTestId('reschedule-appointment'));
    const dialog = await screen.findByRole('dialog');
    const chips = await within(dialog).findAllByTestId('slot');
    fireEvent.click(within(dialog).getByTestId('reschedule-submit'));
    expect(await within(dialog).findByText('Choose a time.')).toBeTruthy();
    const times = within(dialog).getByTestId('slots');
    expect(times.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(times).getAllByRole('radio')[0]));
    expect(calls.some((c) => c.path === 'appointments.reschedule')).toBe(false);

    fireEvent.click(chips[1]!);
    await waitFor(() => expect(within(dialog).queryByText('Choose a time.')).toBeNull());
    fireEvent.click(within(dialog).getByTestId('reschedule-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'appointments.reschedule')?.body).toEqual({
        id: first.id,
        startsAt: slots[1]!.startsAt,
      }),
    );
  });

  it('confirms attendance, and cancels with a reason and, for "other", a note', async () => {
    const first = appointment();
    const { calls } = fakeFetch(({ method, path, body }) => {
      if (method === 'mutation' && path === 'appointments.confirm')
        return ok({ ...first, status: 'confirmed' });
      if (method === 'mutation' && path === 'appointments.cancel') {
        return ok({
          ...first,
          status: 'cancelled',
          cancelReason: { code: (body as { cancel: { reason: string } }).cancel.reason, description: '' },
        });
      }
      if (path === 'appointments.list' && whenOf(body) === 'upcoming') return listOf([first]);
      if (path === 'appointments.list' && whenOf(body) === 'past') return listOf([]);
      return undefined;
    });
    open(ROLES.Patient);
    fireEvent.click(await screen.findByTestId('confirm-appointment'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'appointments.confirm' && inputOf(c).id === first.id)).toBe(true),
    );
    expect(await screen.findByText('Attendance confirmed. See you then.')).toBeTruthy();

    fireEvent.click(await screen.findByTestId('cancel-appointment'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('cancel-submit'));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Other'));
    fireEvent.click(within(dialog).getByTestId('cancel-submit'));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'appointments.cancel')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('cancel-note'), { target: { value: 'Moving away' } });
    fireEvent.click(within(dialog).getByTestId('cancel-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'appointments.cancel')?.body).toEqual({
        id: first.id,
        cancel: { reason: 'other', note: 'Moving away' },
      }),
    );
    expect(await screen.findByText('Appointment cancelled.')).toBeTruthy();
  });

  it('offers no changes to an appointment that was cancelled or has begun', async () => {
    fakeFetch(({ path, body }) => {
      if (path === 'appointments.list' && whenOf(body) === 'upcoming') {
        return listOf([
          appointment({
            status: 'cancelled',
            cancelReason: { code: 'technicalIssues', description: 'Technical issues' },
            cancelNote: null,
          }),
        ]);
      }
      if (path === 'appointments.list' && whenOf(body) === 'past')
        return listOf([appointment({ startsAt: '2030-02-01T14:00:00.000Z', status: 'completed' })]);
      return undefined;
    });
    open(ROLES.Patient);
    const cards = await screen.findAllByTestId('appointment-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Cancelled: Technical issues')).toBeTruthy();
    for (const card of cards) expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows a failure in the reader’s words with a way to try again', async () => {
    let attempts = 0;
    fakeFetch(({ path }) => {
      if (path !== 'appointments.list') return undefined;
      attempts += 1;
      return attempts <= 2 ? fail(500, 'unknown', 'Something went wrong, please try again.') : listOf([]);
    });
    open(ROLES.Patient);
    const failures = await screen.findAllByTestId('load-failed');
    fireEvent.click(within(failures[0]!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No upcoming appointments')).toBeTruthy();
  });
});

describe('admins and caregivers', () => {
  it.each([ROLES.Admin, ROLES.User])(
    'role %i is told appointments are not theirs, and nothing is fetched',
    async (role) => {
      const { calls } = fakeFetch(() => undefined);
      open(role);
      expect(await screen.findByText('Appointments are for patients and their care team')).toBeTruthy();
      expect(calls).toEqual([]);
    },
  );
});
