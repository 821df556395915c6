// @vitest-environment happy-dom
import { DEFAULT_SETTINGS } from '@opencare/schemas/entities/settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { systemSettingsRoutes } from './routes';
import { billingSummary, signedInAdmin, telemedicineConfig } from './testing/fixtures';
import { billingCode } from '../monitoring-report/testing/fixtures';

const routes = [{ path: '/dashboard', children: systemSettingsRoutes }];
const open = (path: string) => renderRoutes(routes, path, signedInAdmin());
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

/** The area a settings call is about, and the values it sends. */
const callOf = (body: unknown) => (body ?? {}) as { area?: string; values?: Record<string, unknown> };
const saves = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'settings.update').map((c) => c.body);

// Forms of many fields, saved and fetched again: slow on a busy machine.
describe('a system area', { timeout: 20_000 }, () => {
  it('sends only valid, changed values and shows a server field problem on its field', async () => {
    let saved = { ...DEFAULT_SETTINGS.telemedicine };
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'telemedicine.config')
        return ok(telemedicineConfig({ joinEarlyMinutes: saved.joinEarlyMinutes }));
      if (callOf(body).area !== 'telemedicine') return undefined;
      if (path === 'settings.get') return ok(saved);
      if (path !== 'settings.update') return undefined;
      const patch = callOf(body).values as Partial<typeof saved>;
      if (patch.endWarningMinutes === 30) {
        return fail(400, 'validationFailed', 'Some fields are not valid.', [
          { field: 'endWarningMinutes', message: 'Too big: expected number to be <=20' },
        ]);
      }
      saved = { ...saved, ...patch };
      return ok(saved);
    });
    open('/dashboard/telemedicine');
    expect(await screen.findByRole('heading', { level: 1, name: 'Telemedicine' })).toBeTruthy();
    await screen.findByLabelText(/^Join early/);

    // The shared schema refuses 99 on the client: nothing is sent.
    type(/^Join early/, '99');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Enter 60 or less.')).toBeTruthy();
    expect(saves(calls)).toEqual([]);

    // Valid here, refused by the server: its problem is shown on its field.
    type(/^Join early/, '15');
    type(/^End warning/, '30');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Enter 20 or less.')).toBeTruthy();
    expect(screen.getByLabelText(/^End warning/).getAttribute('aria-invalid')).toBe('true');
    expect(saves(calls)).toEqual([
      { area: 'telemedicine', values: { joinEarlyMinutes: 15, endWarningMinutes: 30 } },
    ]);

    type(/^End warning/, '5');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(saves(calls).at(-1)).toEqual({ area: 'telemedicine', values: { joinEarlyMinutes: 15 } });
    // What visits will do is asked again after the save.
    await waitFor(() => expect(screen.getByTestId('telemedicine-rules').textContent).toContain('15 minutes'));
    expect(calls.filter((c) => c.path === 'telemedicine.config')).toHaveLength(2);
    // The area as saved is the save's answer: not fetched again.
    expect(calls.filter((c) => c.path === 'settings.get')).toHaveLength(1);
  });

  it('says which engine visits really use when LiveKit is not configured', async () => {
    fakeFetch(({ path, body }) => {
      if (path === 'settings.get' && callOf(body).area === 'telemedicine')
        return ok(DEFAULT_SETTINGS.telemedicine);
      if (path === 'telemedicine.config') return ok(telemedicineConfig());
      return undefined;
    });
    open('/dashboard/telemedicine');
    expect((await screen.findByTestId('telemedicine-effective-engine')).textContent).toBe('Simple Peer');
    expect(screen.getByTestId('telemedicine-livekit').textContent).toBe('Not configured');
    expect(screen.getByTestId('telemedicine-fallback').textContent).toContain('LiveKit is chosen');
  });

  it('resets the form to the saved values', async () => {
    fakeFetch(({ path, body }) =>
      path === 'settings.get' && callOf(body).area === 'patientManagement'
        ? ok(DEFAULT_SETTINGS.patientManagement)
        : undefined,
    );
    open('/dashboard/patient-management');
    const prefix = await screen.findByLabelText<HTMLInputElement>(/^Medical record number prefix/);
    expect(screen.getByText("New patients' record numbers look like MRN500123.")).toBeTruthy();
    fireEvent.change(prefix, { target: { value: 'ab-' } });
    expect(prefix.value).toBe('AB-');
    expect(screen.getByText("New patients' record numbers look like AB-500123.")).toBeTruthy();
    fireEvent.click(screen.getByTestId('settings-reset'));
    expect(prefix.value).toBe('MRN');
    expect(screen.getByTestId('settings-save').hasAttribute('disabled')).toBe(true);
  });

  it("writes the advice after an out-of-range reading per measurement and range, and sends only what changed", async () => {
    let saved = { ...DEFAULT_SETTINGS.patientManagement, readingAdvice: { bs: { lowest: 'Eat 15 g of sugar.' } } };
    const { calls } = fakeFetch(({ path, body }) => {
      if (callOf(body).area !== 'patientManagement') return undefined;
      if (path === 'settings.get') return ok(saved);
      if (path !== 'settings.update') return undefined;
      saved = { ...saved, ...(callOf(body).values as Partial<typeof saved>) };
      return ok(saved);
    });
    open('/dashboard/patient-management');
    const advice = await screen.findByTestId('reading-advice-fields');
    fireEvent.change(within(advice).getByLabelText('Very high'), { target: { value: 'Rest 5 minutes and measure again.' } });
    // Another measurement keeps its own advice.
    fireEvent.change(within(advice).getByLabelText('Measurement'), { target: { value: 'bs' } });
    expect(within(advice).getByLabelText<HTMLTextAreaElement>('Low').value).toBe('Eat 15 g of sugar.');
    fireEvent.change(within(advice).getByLabelText('Low'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(saves(calls)).toEqual([{ area: 'patientManagement', values: { readingAdvice: { bp: { highest: 'Rest 5 minutes and measure again.' } } } }]),
    );
  });

  it('shows the load failure with a retry', async () => {
    let attempts = 0;
    fakeFetch(({ path, body }) => {
      if (path !== 'settings.get' || callOf(body).area !== 'security') return undefined;
      attempts += 1;
      return attempts === 1 ? fail(403, 'err_forbidden', 'Forbidden') : ok(DEFAULT_SETTINGS.security);
    });
    open('/dashboard/security');
    const failure = await screen.findByTestId('load-failed');
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Session timeout/)).value).toBe('1440');
    expect(screen.getByText('A session unused for 1 day must sign in again.')).toBeTruthy();
  });

  it('previews the slots of a day again after the appointment settings are saved', async () => {
    let saved = { ...DEFAULT_SETTINGS.appointmentManagement };
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'appointments.slots') {
        const times = saved.slotStepMinutes === 60 ? ['08:00', '09:00'] : ['08:00', '08:30', '09:00'];
        return ok(times.map((time) => ({ startsAt: `2026-03-02T${time}:00.000Z`, time, label: time })));
      }
      if (callOf(body).area !== 'appointmentManagement') return undefined;
      if (path === 'settings.update') saved = { ...saved, ...callOf(body).values };
      return path === 'settings.get' || path === 'settings.update' ? ok(saved) : undefined;
    });
    open('/dashboard/appointment-management');
    await waitFor(() => expect(screen.getAllByTestId('slot')).toHaveLength(3), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText(/^Slot step/), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getAllByTestId('slot')).toHaveLength(2), { timeout: 3000 });
    expect(saves(calls)).toEqual([{ area: 'appointmentManagement', values: { slotStepMinutes: 60 } }]);
    const slotCalls = calls.filter((c) => c.path === 'appointments.slots');
    expect(slotCalls).toHaveLength(2);
    expect(slotCalls[0]!.body).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string });
  });

  it('asks for a working day and a day that ends after it starts', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'settings.get' && callOf(body).area === 'appointmentManagement')
        return ok(DEFAULT_SETTINGS.appointmentManagement);
      if (path === 'appointments.slots') return ok([]);
      return undefined;
    });
    open('/dashboard/appointment-management');
    const days = await screen.findByTestId('working-days');
    for (const box of within(days).getAllByRole('checkbox')) {
      if ((box as HTMLInputElement).checked) fireEvent.click(box);
    }
    type(/^Working day ends/, '07:00');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Choose at least one working day.')).toBeTruthy();
    fireEvent.click(within(days).getByLabelText('Monday'));
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('The working day must end after it starts.')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
    expect(screen.getByText('No slots on this day')).toBeTruthy();
  });
});

// Reading a file and saving: slow on a busy machine.
describe('organization', { timeout: 20_000 }, () => {
  it('takes a small logo as a data URL with a preview, and refuses one over 100 KB', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (callOf(body).area !== 'organization') return undefined;
      if (path === 'settings.update') return ok({ ...DEFAULT_SETTINGS.organization, ...callOf(body).values });
      return path === 'settings.get' ? ok(DEFAULT_SETTINGS.organization) : undefined;
    });
    const { container } = open('/dashboard/organization');
    await screen.findByLabelText(/^Organization name/);
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;

    const big = new File([new Uint8Array(100 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The logo must be 100 KB or smaller.')).toBeTruthy();
    expect(screen.queryByTestId('logo-preview')).toBeNull();

    const small = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [small] } });
    const preview = await screen.findByTestId('logo-preview');
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw==');
    expect(screen.queryByText('The logo must be 100 KB or smaller.')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Settings saved.', {}, { timeout: 3000 })).toBeTruthy();
    expect(saves(calls)).toEqual([
      { area: 'organization', values: { logo: 'data:image/png;base64,iVBORw==' } },
    ]);
  });
});

describe('billing and payments', () => {
  it('shows the codes table, and lists days with readings per patient for the chosen month, and says when there are none', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'settings.get' && callOf(body).area === 'billingAndPayments')
        return ok(DEFAULT_SETTINGS.billingAndPayments);
      if (path === 'monitoringReport.codes') return ok([billingCode({})]);
      if (path !== 'reports.rpmBilling') return undefined;
      const { month } = body as { month: string };
      return ok(
        month === '2026-01'
          ? { ...billingSummary(month), patients: [], billablePatients: 0 }
          : billingSummary(month),
      );
    });
    open('/dashboard/billing-and-payments');
    // No form of its own: the codes table is where the thresholds are set.
    expect((await screen.findByTestId('billing-code')).dataset.code).toBe('99454');
    expect(screen.queryByTestId('settings-save')).toBeNull();
    const rows = await screen.findAllByTestId('billing-row');
    expect(rows.map((row) => row.getAttribute('data-billable'))).toEqual(['true', 'false']);
    expect(within(rows[0]!).getByText('Pat Morgan')).toBeTruthy();
    expect(within(rows[0]!).getByText('18')).toBeTruthy();
    expect(within(rows[0]!).getByText('Billable')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not billable')).toBeTruthy();
    expect(screen.getByTestId('billing-count').textContent).toBe(
      '1 of 2 patients billable (at least 16 days with readings).',
    );
    // The current month first.
    const now = new Date();
    const thisMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    expect(calls.find((c) => c.path === 'reports.rpmBilling')?.body).toEqual({ month: thisMonth });

    fireEvent.change(screen.getByTestId('billing-month'), { target: { value: '2026-01' } });
    expect(await screen.findByText('No readings in this month')).toBeTruthy();
    expect(screen.queryByTestId('billing-table')).toBeNull();
  });
});
