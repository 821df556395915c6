// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { patientRow } from '../patients/testing/render-patients';
import { fail, fakeFetch, ok, type FakeRoute } from '../signup/testing/harness';
import { appointmentsRoute } from './routes';
import { appointment, listOf, NURSE_ID, PATIENT_ID, PHYSICIAN_ID, signedInAs } from './testing/fixtures';

const searchOf = (body: unknown) => (body as { search?: string }).search;

const providers = [
  { id: NURSE_ID, fullName: 'Noah Bennett', role: 'nurse', specialty: null },
  { id: PHYSICIAN_ID, fullName: 'Priya Raman', role: 'physician', specialty: null },
];
const slots = [
  { startsAt: '2030-03-06T13:00:00.000Z', time: '08:00', label: '08:00 AM' },
  { startsAt: '2030-03-06T13:30:00.000Z', time: '08:30', label: '08:30 AM' },
];
const pat = patientRow({ accountId: PATIENT_ID });
const layla = patientRow({
  accountId: '55555555-5555-4555-8555-555555555555',
  fullName: 'Layla Haddad',
  mrn: 'MRN500002',
});

/** The clinic: providers, slots, a patient search by name, the appointment list and booking. */
function clinic(
  patients: FakeRoute = ({ body }) => {
    const search = searchOf(body)?.toLowerCase() ?? '';
    return listOf([pat, layla].filter((p) => p.fullName.toLowerCase().includes(search)));
  },
): FakeRoute {
  return (request) => {
    const { method, path, body } = request;
    if (path === 'patients.list') return patients(request);
    if (path === 'appointments.providers') return ok(providers);
    if (path === 'appointments.slots') return ok(slots);
    if (method === 'mutation' && path === 'appointments.book') {
      return ok(appointment({ startsAt: (body as { startsAt: string }).startsAt }), 201);
    }
    if (path === 'appointments.list') return listOf([]);
    return undefined;
  };
}

const open = (role: number, id?: string) =>
  renderRoutes([appointmentsRoute], '/appointments', signedInAs(role, id));

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Book for a patient' }));
  return screen.findByRole('dialog', { name: 'Book for a patient' });
}

/** Type as a person does: Mantine takes a change to an input without focus for autofill. */
function typeIn(input: HTMLElement, text: string) {
  input.focus();
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: text } });
}

async function choosePatient(dialog: HTMLElement, search: string, name: RegExp) {
  typeIn(within(dialog).getByLabelText(/^Patient/), search);
  // The search waits for a pause in typing; then only the matching patients are offered.
  await waitFor(() =>
    expect(screen.queryAllByRole('option', { name: /^Layla|^Pat/, hidden: true })).toHaveLength(1),
  );
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

async function chooseSlot(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2030-03-06' } });
  fireEvent.click((await within(dialog).findAllByTestId('slot'))[1]!);
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

// Slow under a loaded machine: a debounced search, a dialog and two selects per test.
describe('a clinician books for a patient', { timeout: 20_000 }, () => {
  it('chooses the patient first, books with themself by default, and refreshes the list', async () => {
    const { calls } = fakeFetch(clinic());
    open(ROLES.Nurse, NURSE_ID);
    expect(await screen.findByText('No appointments')).toBeTruthy();
    const listed = () => calls.filter((c) => c.path === 'appointments.list').length;
    const before = listed();

    const dialog = await openDialog();
    // The nurse is a provider: the booking is with her unless she chooses another.
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLInputElement>(/Physician or nurse/).value).toBe(
        'Noah Bennett',
      ),
    );
    await choosePatient(dialog, 'pat', /^Pat Morgan MRN500001/);
    expect(
      calls.some(
        (c) =>
          c.path === 'patients.list' &&
          JSON.stringify(c.body) === JSON.stringify({ page: 1, pageSize: 20, search: 'pat' }),
      ),
    ).toBe(true);
    await chooseSlot(dialog);
    expect(
      calls.some(
        (c) =>
          c.path === 'appointments.slots' &&
          JSON.stringify(c.body) === JSON.stringify({ date: '2030-03-06', providerId: NURSE_ID }),
      ),
    ).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Postoperative'));
    fireEvent.click(within(dialog).getByTestId('book-submit'));

    await waitFor(() => expect(calls.some((c) => c.method === 'mutation')).toBe(true));
    expect(calls.find((c) => c.method === 'mutation')?.path).toBe('appointments.book');
    expect(calls.find((c) => c.method === 'mutation')?.body).toEqual({
      providerId: NURSE_ID,
      patientId: PATIENT_ID,
      type: 'pv',
      startsAt: slots[1]!.startsAt,
    });
    expect(await screen.findByText(/^Appointment booked for Pat Morgan on .* at /)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listed()).toBeGreaterThan(before));
  });

  it('asks for a patient and a time before sending', async () => {
    const { calls } = fakeFetch(clinic());
    open(ROLES.Physician, PHYSICIAN_ID);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByTestId('book-submit'));
    expect(await within(dialog).findByText('Choose a patient.')).toBeTruthy();
    expect(within(dialog).getByText('Choose a time.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'mutation')).toBe(false);

    await choosePatient(dialog, 'lay', /^Layla Haddad/);
    await waitFor(() => expect(within(dialog).queryByText('Choose a patient.')).toBeNull());
  });

  it('offers an assistant no booking: the permission table gives assistants Read only', async () => {
    fakeFetch(clinic());
    open(ROLES.Assistant);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book for a patient' })).toBeNull();
  });

  it('says when no patient matches, and offers to search again after a failure', async () => {
    let failing = true;
    fakeFetch(
      clinic(({ body }) => {
        if (failing) return fail(500, 'unknown', 'Something went wrong, please try again.');
        return searchOf(body) ? listOf([]) : listOf([pat]);
      }),
    );
    open(ROLES.Physician, PHYSICIAN_ID);
    const dialog = await openDialog();
    const failed = await within(dialog).findByTestId('load-failed');
    failing = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).queryByTestId('load-failed')).toBeNull());

    const input = within(dialog).getByLabelText(/^Patient/);
    typeIn(input, 'zzz');
    expect(await screen.findByText('No patient matches this search.')).toBeTruthy();
  });
});
