// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../session/session-store';
import { listMeta } from '@opencare/schemas/envelope';
import { fail, fakeFetch, ok, type FakeRoute } from '../../signup/testing/harness';
import {
  NURSE_ID,
  PATIENT_ID,
  PHYSICIAN_ID,
  renderPatients,
  series,
  snapshot,
  timelineEvent,
} from '../testing/render-patients';

const provider = (accountId: string, fullName: string, role: string) => ({
  ...snapshot().patient,
  accountId,
  fullName,
  role,
  specialty: null,
  clinicName: null,
});
const providers = [
  provider(PHYSICIAN_ID, 'Priya Raman', 'Physician'),
  provider(NURSE_ID, 'Noah Bennett', 'Nurse'),
];

/** The snapshot's calls: the snapshot, a series, a timeline of 25 events in two pages. */
function snapshotServer(extra: FakeRoute = () => undefined): FakeRoute {
  return (request) => {
    const { path } = request;
    const input = request.body as
      { id?: string; patientId?: string; query?: { cursor?: string } } | undefined;
    if (path === 'providers.list') return ok({ items: providers, meta: listMeta(providers.length, 1, 100) });
    if (input?.id !== PATIENT_ID && input?.patientId !== PATIENT_ID) return extra(request);
    if (path === 'patients.snapshot') return ok(snapshot());
    if (path === 'gateways.ofPatient' || path === 'devices.ofPatient') return ok([]);
    if (path === 'patients.series') return ok(series());
    if (path === 'patients.timeline') {
      const cursor = input.query?.cursor;
      if (!cursor)
        return ok({ items: Array.from({ length: 20 }, (_, i) => timelineEvent(i + 1)), nextCursor: '20' });
      return ok({
        items: [
          timelineEvent(21, {
            kind: 'message',
            data: { subject: 'Dizzy in the mornings', senderName: 'Pat Morgan' },
          }),
          timelineEvent(22, { kind: 'taskCompleted', data: { type: 'bp' } }),
          timelineEvent(23, {
            kind: 'appointment',
            data: {
              action: 'booked',
              type: 'tv',
              startsAt: '2026-03-05T15:00:00.000Z',
              provider: 'Priya Raman',
            },
          }),
          timelineEvent(24, { kind: 'alert', data: { type: 'bp', rangeClass: 'high' } }),
          timelineEvent(25, { kind: 'gateway', data: { displayName: 'Living room' } }),
        ],
        nextCursor: null,
      });
    }
    return extra(request);
  };
}

/** Text without the directional isolates that keep values and units in order in Arabic. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

// A whole snapshot is a large page for happy-dom.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('/patients/:patientId', () => {
  it("shows the profile, care profile and latest vitals in their range colours and the reader's units", async () => {
    fakeFetch(snapshotServer());
    renderPatients(`/patients/${PATIENT_ID}`, { preferences: { temperatureUnit: 'F' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pat Morgan' })).toBeTruthy();
    expect(screen.getByTestId('snapshot-intro').textContent).toBe('MRN500001 · 67 years');
    expect(screen.getByTestId('allergies').textContent).toContain('Penicillin');
    expect(screen.getByTestId('open-alerts').textContent).toBe('Open alerts: 1');

    const bp = screen.getByTestId('vital-bp');
    expect(bp.dataset.range).toBe('highest');
    expect(plain(within(bp).getByTestId('vital-value').textContent)).toBe('142/91 mmHg');
    expect(within(bp).getByText('Very high')).toBeTruthy();
    expect(
      within(bp).getByText(
        (_, element) => element?.tagName === 'BDI' && plain(element.textContent) === 'Pulse 72 bpm',
      ),
    ).toBeTruthy();
    // Stored in °C, read in °F.
    expect(plain(within(screen.getByTestId('vital-bt')).getByTestId('vital-value').textContent)).toBe(
      '98.6 °F',
    );
    expect(screen.getByTestId('adherence-card').textContent).toContain('75%');
    expect(screen.getByTestId('messages-card').textContent).toContain('Unread: 2');
    expect(await within(screen.getByTestId('patient-gateways-card')).findByText('No gateways.')).toBeTruthy();
  });

  it("offers the organisation's apps in the header, with where each sends the record", async () => {
    const apps = [{ id: '7c0e2d1a-3b4c-4d5e-8f90-1a2b3c4d5e6f', name: 'Chart Viewer', launchOrigin: 'https://viewer.example.org' }];
    fakeFetch(snapshotServer(({ path }) => (path === 'smartAuthorize.apps' ? ok(apps) : undefined)));
    renderPatients(`/patients/${PATIENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Open in app' }));
    expect((await screen.findByRole('menuitem', { name: /Chart Viewer/ })).textContent).toContain('https://viewer.example.org');
  });

  it('shows temperatures in °C for those who read them so', async () => {
    fakeFetch(snapshotServer());
    renderPatients(`/patients/${PATIENT_ID}`, { preferences: { temperatureUnit: 'C' } });
    const bt = await screen.findByTestId('vital-bt');
    expect(plain(within(bt).getByTestId('vital-value').textContent)).toBe('37 °C');
  });

  it('charts readings with their normal band and range-coloured points, and offers them as a table', async () => {
    const { calls } = fakeFetch(snapshotServer());
    renderPatients(`/patients/${PATIENT_ID}`);
    const chart = await screen.findByTestId('readings-chart', {}, { timeout: 5000 });
    expect(plain(within(chart).getByRole('img').getAttribute('aria-label'))).toMatch(
      /^Blood pressure: 2 readings from .*; the latest 142\/91 mmHg, Very high\.$/,
    );
    expect(within(chart).getAllByTestId('normal-band')).toHaveLength(2);
    const points = within(chart).getAllByTestId('chart-point');
    // Two readings, two lines (systolic and diastolic).
    expect(points.map((p) => p.getAttribute('data-range'))).toEqual([
      'normal',
      'highest',
      'normal',
      'highest',
    ]);
    expect(calls.find((c) => c.path === 'patients.series')?.body).toMatchObject({
      id: PATIENT_ID,
      query: { type: 'bp' },
    });
    // A pointer at the right end of the chart reads out the latest reading; leaving hides it.
    const svg = within(chart).getByRole('img');
    fireEvent.pointerMove(svg, { clientX: 10_000 });
    expect(plain(within(chart).getByTestId('chart-hover').textContent)).toContain('142/91 mmHg');
    fireEvent.pointerLeave(svg);
    expect(within(chart).queryByTestId('chart-hover')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    const rows = within(await screen.findByTestId('readings-table')).getAllByRole('row');
    expect(plain(rows[1]!.textContent)).toContain('142/91 mmHg');

    fireEvent.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'patients.series').length).toBe(2));
    const { from, to } = (calls.at(-1)!.body as { query: { from: string; to: string } }).query;
    expect(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)).toBe(90);
  });

  it('pages the timeline with "Load more"', async () => {
    fakeFetch(snapshotServer());
    renderPatients(`/patients/${PATIENT_ID}`);
    const timeline = await screen.findByTestId('timeline-section');
    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-item')).toHaveLength(20));
    const first = within(timeline).getAllByTestId('timeline-item')[0]!;
    expect(first.dataset.range).toBe('highest');
    expect(first.textContent).toContain('Blood pressure reading');
    fireEvent.click(within(timeline).getByTestId('timeline-more'));
    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-item')).toHaveLength(25));
    expect(within(timeline).getByText('Dizzy in the mornings (from Pat Morgan)')).toBeTruthy();
    expect(within(timeline).getByText('Appointment booked')).toBeTruthy();
    expect(within(timeline).getByText(/^Telemedicine visit · .* · Priya Raman$/)).toBeTruthy();
    expect(within(timeline).getByText('Blood pressure task completed')).toBeTruthy();
    expect(within(timeline).getByText('Blood pressure alert')).toBeTruthy();
    expect(within(timeline).queryByTestId('timeline-more')).toBeNull();
  });

  it('lets a physician edit the care profile', async () => {
    const { calls } = fakeFetch(
      snapshotServer(({ path, body }) =>
        path === 'patients.updateCare' && (body as { id: string }).id === PATIENT_ID
          ? ok(snapshot().patient)
          : undefined,
      ),
    );
    renderPatients(`/patients/${PATIENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit care profile' }));
    // Found by text: role queries over the whole snapshot are slow in happy-dom.
    fireEvent.click((await screen.findByText('Save care profile', {}, { timeout: 5000 })).closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.path === 'patients.updateCare')).toBe(true));
    expect(calls.find((c) => c.path === 'patients.updateCare')!.body).toEqual({
      id: PATIENT_ID,
      values: {
        primaryProviderId: PHYSICIAN_ID,
        careTeam: [PHYSICIAN_ID],
        medicalHistory: ['Hypertension (2015)'],
        medications: ['Lisinopril 10 mg daily'],
        allergies: ['Penicillin'],
        bloodType: 'O+',
      },
    });
    expect(calls.find((c) => c.path === 'providers.list')!.body).toEqual({ page: 1, pageSize: 100 });
    expect(await screen.findByText('Care profile saved.')).toBeTruthy();
    // The snapshot is asked for again, so the page shows what was saved.
    await waitFor(() => expect(calls.filter((c) => c.path === 'patients.snapshot')).toHaveLength(2));
  });

  it('checks the care profile before saving, and puts the server’s refusal on its field', async () => {
    const { calls } = fakeFetch(
      snapshotServer(({ path }) =>
        path === 'patients.updateCare'
          ? fail(400, 'validationFailed', 'Some fields are not valid.', [
              { field: 'values.careTeam.0', message: 'Choose a provider.' },
            ])
          : undefined,
      ),
    );
    renderPatients(`/patients/${PATIENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit care profile' }));
    const save = (await screen.findByText('Save care profile', {}, { timeout: 10_000 })).closest('button')!;
    const dialog = save.closest<HTMLElement>('[role="dialog"]')!;
    const history = within(dialog).getByLabelText('Medical history');
    // Typed (the field has the focus, or Mantine takes the change for autofill), then Enter.
    history.focus();
    fireEvent.change(history, { target: { value: 'x'.repeat(201) } });
    fireEvent.keyDown(history, { key: 'Enter' });
    fireEvent.click(save);
    expect(await within(dialog).findByText('Each entry may have at most 200 characters.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(history));
    expect(calls.some((c) => c.path === 'patients.updateCare')).toBe(false);

    // Backspace in the empty field takes the last entry off again.
    fireEvent.keyDown(history, { key: 'Backspace' });
    await waitFor(() => expect(within(dialog).queryByText('Each entry may have at most 200 characters.')).toBeNull());
    fireEvent.click(save);
    expect(await within(dialog).findByText('Please check this field.')).toBeTruthy();
    const team = within(dialog).getByLabelText('Care team');
    await waitFor(() => expect(document.activeElement).toBe(team));
    expect(screen.queryByText('Care profile saved.')).toBeNull();
  });

  it('shows an assistant the care profile without the edit button', async () => {
    fakeFetch(snapshotServer());
    renderPatients(`/patients/${PATIENT_ID}`, { role: ROLES.Assistant });
    await screen.findByRole('heading', { level: 1, name: 'Pat Morgan' });
    expect(screen.queryByRole('button', { name: 'Edit care profile' })).toBeNull();
  });

  it('says when a patient has no readings or events yet', async () => {
    fakeFetch((request) => {
      if (request.path === 'patients.snapshot')
        return ok(snapshot({ latestReadings: [], messages: { threads: 0, unread: 0, lastMessageAt: null } }));
      if (request.path === 'patients.timeline') return ok({ items: [], nextCursor: null });
      return undefined;
    });
    renderPatients(`/patients/${PATIENT_ID}`);
    expect(await screen.findByText('No readings yet.')).toBeTruthy();
    expect(screen.getByText('No readings to chart yet.')).toBeTruthy();
    expect(await screen.findByText('Nothing has happened on this record yet.')).toBeTruthy();
    expect(screen.getByText('No messages yet.')).toBeTruthy();
  });
});
