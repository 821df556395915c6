// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok, okList } from '../signup/testing/harness';
import { ALERT_ID, alert, alertPage, PATIENT_ID, renderAlerts } from './testing/render-alerts';

/** Text without the directional isolates that keep values and units in order in Arabic. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

const fever = alert({
  id: '6c7d8e9f-2a3b-4c4d-9e5f-6a7b8c9d0e1f',
  patientId: '9f2d9d0a-5b3a-4c74-9fa9-2d9e6d4b1c33',
  patientName: 'Layla Haddad',
  type: 'bt',
  values: { temperature: 38.5 },
  rangeClass: 'highest',
});

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('alerts inbox', () => {
  it("lists open alerts: the patient's snapshot link, the value in the reader's units and its range", async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'alerts.list' ? alertPage([alert(), fever]) : undefined,
    );
    renderAlerts();
    const items = await screen.findAllByTestId('alert-item');
    expect(items).toHaveLength(2);
    expect(calls[0]!.body).toEqual({ status: 'open', page: 1, pageSize: 20 });
    expect(screen.getByRole('heading', { level: 1, name: 'Alerts' })).toBeTruthy();
    expect(screen.getByTestId('alerts-total').textContent).toBe('Open alerts: 2');

    const [pressure, temperature] = items as [HTMLElement, HTMLElement];
    expect(within(pressure).getByRole('link', { name: 'Pat Morgan' }).getAttribute('href')).toBe(
      `/patients/${PATIENT_ID}`,
    );
    expect(plain(within(pressure).getByTestId('alert-value').textContent)).toBe('152/97 mmHg');
    expect(within(pressure).getByTestId('range-badge').textContent).toBe('High');
    expect(pressure.getAttribute('data-range')).toBe('high');
    expect(plain(pressure.textContent)).toContain('Pulse 77 bpm');
    expect(plain(pressure.textContent)).toContain('Taken Mar 1, 2026');
    // Stored in °C, read in the default preference, °F.
    expect(plain(within(temperature).getByTestId('alert-value').textContent)).toBe('101.3 °F');
    expect(within(temperature).getByTestId('range-badge').textContent).toBe('Very high');
  });

  it('shows a "no readings" alert by since when the patient is silent, and the escalation steps of an alert', async () => {
    const silent = alert({ type: 'noReadings', measurementId: null, values: {}, rangeClass: 'elevated', takenAt: '2026-02-26T09:00:00.000Z' });
    const escalated = { ...fever, escalationLevel: 2, history: [
      { kind: 'escalated' as const, at: '2026-03-01T14:20:00.000Z', by: null, comment: null, assignee: null, rangeClass: null, escalation: { step: 'primaryProvider' as const, notified: 1 } },
      { kind: 'escalated' as const, at: '2026-03-01T14:40:00.000Z', by: null, comment: null, assignee: null, rangeClass: null, escalation: { step: 'onCall' as const, notified: 0 } },
    ] };
    fakeFetch(({ path }) => (path === 'alerts.list' ? alertPage([silent, escalated]) : undefined));
    renderAlerts();
    const [first, second] = (await screen.findAllByTestId('alert-item')) as [HTMLElement, HTMLElement];
    expect(plain(within(first).getByTestId('alert-value').textContent)).toBe('No readings since Feb 26, 2026, 9:00 AM');
    expect(plain(first.textContent)).toContain('No readings');
    expect(within(first).queryByTestId('range-badge')).toBeNull();
    const history = plain(within(second).getByTestId('alert-history').textContent);
    expect(history).toContain('Escalated to the primary provider');
    expect(history).toContain('with nobody to tell');
  });

  it('acknowledges an alert, says so and marks it in place', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'alerts.list') return alertPage([alert()]);
      if (path === 'alerts.acknowledge' && (body as { id: string }).id === ALERT_ID)
        return ok(alert({ acknowledgedAt: '2026-03-01T15:00:00.000Z', acknowledgedBy: PATIENT_ID }));
      return undefined;
    });
    renderAlerts();
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge the alert for Pat Morgan' }));
    expect(await screen.findByText('Alert for Pat Morgan acknowledged.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'alerts.acknowledge')).toHaveLength(1);
    const item = screen.getByTestId('alert-item');
    expect(item.getAttribute('data-status')).toBe('acknowledged');
    expect(plain(within(item).getByTestId('alert-acknowledged').textContent)).toMatch(
      /^Acknowledged Mar 1, 2026/,
    );
    expect(within(item).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
    // It no longer counts as open.
    expect(screen.queryByTestId('alerts-total')).toBeNull();
  });

  it('says why an acknowledgement failed and keeps the button', async () => {
    fakeFetch(({ path }) => {
      if (path === 'alerts.list') return alertPage([alert()]);
      if (path === 'alerts.acknowledge') return fail(403, 'err_forbidden', 'You do not have permission to do that.');
      return undefined;
    });
    renderAlerts();
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge the alert for Pat Morgan' }));
    expect(await screen.findByText('Sorry, you do not have permission to access this page.')).toBeTruthy();
    expect(screen.getByTestId('alert-item').getAttribute('data-status')).toBe('open');
    expect(screen.getByRole('button', { name: 'Acknowledge the alert for Pat Morgan' })).toBeTruthy();
  });

  it('shows acknowledged alerts on request, with the status in the address', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path !== 'alerts.list') return undefined;
      return (body as { status: string }).status === 'acknowledged' ? alertPage([]) : alertPage([alert()]);
    });
    const { router } = renderAlerts();
    await screen.findByTestId('alert-item');
    fireEvent.click(screen.getByRole('radio', { name: 'Acknowledged' }));
    expect(await screen.findByText('No acknowledged alerts')).toBeTruthy();
    expect((calls.at(-1)!.body as object)).toMatchObject({ status: 'acknowledged', page: 1 });
    expect(router.state.location.search).toBe('?status=acknowledged');
  });

  it('says when there is nothing to do', async () => {
    fakeFetch(({ path }) => (path === 'alerts.list' ? alertPage([]) : undefined));
    renderAlerts();
    expect(await screen.findByText('No open alerts')).toBeTruthy();
    expect(screen.queryByTestId('alerts-total')).toBeNull();
  });

  it('pages through the list', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path !== 'alerts.list') return undefined;
      const page = (body as { page: number }).page;
      return page === 2 ? alertPage([fever], 2, 21) : alertPage([alert()], 1, 21);
    });
    const { router } = renderAlerts();
    await screen.findByText('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(within(screen.getByTestId('alert-item')).getByText('Layla Haddad')).toBeTruthy();
    expect((calls.at(-1)!.body as object)).toMatchObject({ page: 2 });
    expect(router.state.location.search).toBe('?page=2');
  });

  it("narrows to one patient from the address, and back to everyone's", async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'alerts.list' ? alertPage([alert()]) : undefined,
    );
    const { router } = renderAlerts(`/alerts?patient=${PATIENT_ID}`);
    await screen.findByTestId('alert-item');
    expect(calls[0]!.body as object).toMatchObject({ patient: PATIENT_ID });
    fireEvent.click(screen.getByRole('button', { name: 'Show every patient' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect((calls.at(-1)!.body as { patient?: string }).patient).toBeUndefined());
  });

  it('says when the alerts could not be loaded, and tries again', async () => {
    let failing = true;
    fakeFetch(({ path }) => {
      if (path !== 'alerts.list') return undefined;
      return failing ? fail(500, 'unknown', 'Something went wrong.') : alertPage([alert()]);
    });
    renderAlerts();
    expect(await screen.findByTestId('load-failed')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('alert-item')).toBeTruthy();
  });

  it('shows an assistant the inbox without links to a snapshot they cannot open, and no acknowledging (Read only)', async () => {
    fakeFetch(({ path }) => (path === 'alerts.list' ? alertPage([alert()]) : undefined));
    renderAlerts('/alerts', ROLES.Assistant);
    const item = await screen.findByTestId('alert-item');
    expect(within(item).getByText('Pat Morgan')).toBeTruthy();
    expect(within(item).queryByRole('link')).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Acknowledge the alert for Pat Morgan' })).toBeNull();
  });

  it("groups by patient, and shows the latest reading's note and the trend since the last normal reading", async () => {
    const dizzy = alert({
      values: { systolic: 168, diastolic: 102, pulse: 88 },
      note: 'Felt dizzy',
      rangeClass: 'high',
      readingCount: 3,
      readings: [
        { measurementId: '11111111-1111-4111-8111-000000000001', values: { systolic: 142, diastolic: 91, pulse: 80 }, rangeClass: 'high', takenAt: '2026-03-01T13:00:00.000Z', note: null },
        { measurementId: '11111111-1111-4111-8111-000000000002', values: { systolic: 155, diastolic: 96, pulse: 84 }, rangeClass: 'high', takenAt: '2026-03-01T13:30:00.000Z', note: null },
        { measurementId: '11111111-1111-4111-8111-000000000003', values: { systolic: 168, diastolic: 102, pulse: 88 }, rangeClass: 'high', takenAt: '2026-03-01T14:00:00.000Z', note: 'Felt dizzy' },
      ],
    });
    fakeFetch(({ path }) => (path === 'alerts.list' ? alertPage([fever, dizzy, alert({ id: '7c7d8e9f-2a3b-4c4d-9e5f-6a7b8c9d0e1f', type: 'bs', values: { glucose: 190 } })]) : undefined));
    renderAlerts();
    const groups = await screen.findAllByTestId('alert-group');
    expect(groups.map((g) => within(g).getByRole('heading', { level: 2 }).textContent)).toEqual(['Layla Haddad', 'Pat Morgan']);
    expect(within(groups[1]!).getAllByTestId('alert-item')).toHaveLength(2);
    const item = within(groups[1]!).getAllByTestId('alert-item')[0]!;
    expect(within(item).getByTestId('alert-note').textContent).toBe('Patient\'s note: “Felt dizzy”');
    expect(plain(within(item).getByTestId('alert-trend').textContent)).toBe('Readings (3):142/91 mmHg→ 155/96 mmHg→ 168/102 mmHg');
  });

  it('acknowledges the chosen alerts with one comment', async () => {
    const other = alert({ id: '7c7d8e9f-2a3b-4c4d-9e5f-6a7b8c9d0e1f', type: 'bs', values: { glucose: 190 } });
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'alerts.list') return alertPage([alert(), other]);
      if (path === 'alerts.acknowledgeMany') {
        const { ids } = body as { ids: string[] };
        return ok([alert(), other].filter((a) => ids.includes(a.id)).map((a) => ({ ...a, acknowledgedAt: '2026-03-01T15:00:00.000Z', acknowledgedBy: PATIENT_ID })));
      }
      return undefined;
    });
    renderAlerts();
    await screen.findAllByTestId('alert-item');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose the Blood pressure alert for Pat Morgan' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose the Blood sugar alert for Pat Morgan' }));
    expect(screen.getByTestId('alerts-selection').textContent).toContain('Chosen: 2');
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge chosen…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), { target: { value: 'Called her' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('alerts.acknowledgeMany'));
    expect(await screen.findByText('Alerts acknowledged: 2')).toBeTruthy();
    expect(calls.find((c) => c.path === 'alerts.acknowledgeMany')!.body).toEqual({ ids: [ALERT_ID, other.id], comment: 'Called her' });
    await waitFor(() => expect(screen.getAllByTestId('alert-item').map((i) => i.getAttribute('data-status'))).toEqual(['acknowledged', 'acknowledged']));
  });

  it('says why an assignment was refused, in the catalogue\'s words, and keeps the form', async () => {
    fakeFetch(({ path }) => {
      if (path === 'alerts.list') return alertPage([alert()]);
      if (path === 'providers.list') return okList([{ accountId: PATIENT_ID, firstName: 'Nia', lastName: 'Nurse' }], 1, 1);
      if (path === 'alerts.assign') return fail(422, 'alertAssigneeNotClinician', 'No.');
      return undefined;
    });
    renderAlerts();
    fireEvent.click(await screen.findByRole('button', { name: 'Assign the alert for Pat Morgan' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Assign to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nia Nurse', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('An alert can only be assigned to a physician, nurse or assistant of your organisation.')).toBeTruthy();
    expect(screen.getByTestId('alert-item').getAttribute('data-status')).toBe('open');
  });
});
