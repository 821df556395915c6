// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../session/session-store';
import { appointment } from '../../appointments/testing/fixtures';
import { fakeFetch, ok } from '../../signup/testing/harness';
import { PATIENT_ID, PHYSICIAN_ID, renderPatients, snapshot } from '../testing/render-patients';

const slot = { startsAt: '2030-03-06T13:00:00.000Z', time: '08:00', label: '08:00 AM' };

// A whole snapshot is a large page for happy-dom.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

describe('booking from the patient snapshot', () => {
  it('opens the booking dialog for this patient and reloads the snapshot once booked', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'patients.snapshot' && (body as { id: string }).id === PATIENT_ID) return ok(snapshot());
      if (path === 'appointments.providers')
        return ok([{ id: PHYSICIAN_ID, fullName: 'Priya Raman', role: 'physician', specialty: null }]);
      if (path === 'appointments.slots') return ok([slot]);
      if (path === 'appointments.book') return ok(appointment({ startsAt: (body as { startsAt: string }).startsAt }));
      return undefined;
    });
    renderPatients(`/patients/${PATIENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Book an appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment for Pat Morgan' });
    // The patient is this one: no patient to choose.
    expect(within(dialog).queryByLabelText(/^Patient/)).toBeNull();

    const provider = within(dialog).getByLabelText(/Physician or nurse/);
    await waitFor(() => expect(provider.hasAttribute('disabled')).toBe(false));
    fireEvent.click(provider);
    fireEvent.click(await screen.findByRole('option', { name: 'Priya Raman', hidden: true }));
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2030-03-06' } });
    fireEvent.click(await within(dialog).findByTestId('slot'));
    fireEvent.click(within(dialog).getByTestId('book-submit'));

    await waitFor(() =>
      expect(calls.find((c) => c.path === 'appointments.book')?.body).toEqual({
        providerId: PHYSICIAN_ID,
        patientId: PATIENT_ID,
        type: 'tv',
        startsAt: slot.startsAt,
      }),
    );
    expect(await screen.findByText(/^Appointment booked for Pat Morgan on /)).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === 'patients.snapshot')).toHaveLength(2));
    // The chart follows the snapshot: its period now ends when the snapshot was loaded again.
    await waitFor(() => expect(calls.filter((c) => c.path === 'patients.series')).toHaveLength(2));
  });
});
