// @vitest-environment happy-dom
import type { MonitoringReport, ReportPatient } from '@opencare/schemas/entities/monitoring-report';
import { ERRORS } from '@opencare/schemas/errors';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { Providers } from '../../testing/render-app';
import { fail, fakeFetch, ok, type FakeRoute } from '../signup/testing/harness';
import { MonitoringReportPage } from './monitoring-report-page';
import { billingCode } from './testing/fixtures';

const PROVIDER = { accountType: { code: 'prov', description: 'Provider' } };
const PHYSICIAN = makeAccount([ROLES.Physician], PROVIDER);
const NURSE = makeAccount([ROLES.Nurse], PROVIDER);
const ADMIN = makeAccount([ROLES.Admin], PROVIDER);
const NURSE_ID = crypto.randomUUID();

const CODES = [billingCode({}), billingCode({ code: '99457', kind: 'management', description: 'First 20 minutes', minDays: null, maxDays: null, minMinutes: 20, interactiveRequired: true })];

const patient = (overrides: Partial<ReportPatient>): ReportPatient => ({
  patientAccountId: crypto.randomUUID(),
  fullName: 'Pat Morgan',
  mrn: 'MRN500001',
  monitoringSince: '2026-09-17',
  enrolled: false,
  periods: [{ from: '2026-10-17', to: '2026-11-15', days: ['2026-10-17', '2026-10-18'] }],
  minutes: 26,
  clinicians: [{ clinicianAccountId: NURSE_ID, name: 'Noah Bennett', minutes: 14 }],
  interactions: [{ at: '2026-11-15T15:00:00.000Z', source: 'manual', clinicianName: 'Priya Raman', minutes: 12 }],
  lines: [
    { code: '99454', kind: 'deviceDays', units: 1, period: { from: '2026-10-17', to: '2026-11-15', days: [] }, minutes: null },
    { code: '99457', kind: 'management', units: 1, period: null, minutes: 26 },
  ],
  flags: [],
  ...overrides,
});

const report = (overrides: Partial<MonitoringReport> = {}): MonitoringReport => ({
  month: '2026-11',
  codes: CODES,
  patients: [
    patient({}),
    patient({
      fullName: 'Layla Haddad',
      mrn: 'MRN500002',
      minutes: 8,
      clinicians: [],
      interactions: [],
      lines: [],
      flags: [
        { kind: 'needsDays', code: '99454', more: 4, periodTo: '2026-11-18' },
        { kind: 'needsMinutes', code: '99457', more: 1 },
        { kind: 'noInteractiveContact' },
      ],
    }),
  ],
  clinicians: [{ clinicianAccountId: NURSE_ID, name: 'Noah Bennett', minutes: 14, patients: 1 }],
  signoff: null,
  changedSinceSigning: false,
  ...overrides,
});

const wrapperAs = (account: typeof PHYSICIAN) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <Providers session={{ status: 'signed-in', user: makeUser([account]), account }}>{children}</Providers>;
  };

const server =
  (answer: MonitoringReport, writes: FakeRoute = () => undefined): FakeRoute =>
  (request) =>
    request.path === 'monitoringReport.month' ? ok(answer) : request.path === 'monitoringReport.codes' ? ok(CODES) : writes(request);

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T12:00:00Z'));
  sessionStore.accessToken.set('test-token');
});
afterEach(() => {
  sessionStore.accessToken.clear();
  vi.useRealTimers();
});

describe('the monitoring report', () => {
  it("opens on last month: each patient's codes, what is missing, and the evidence on demand", async () => {
    const { calls } = fakeFetch(server(report()));
    render(<MonitoringReportPage />, { wrapper: wrapperAs(NURSE) });
    const rows = await screen.findAllByTestId('report-patient');
    expect(calls.find((c) => c.path === 'monitoringReport.month')?.body).toEqual({ month: '2026-11' });
    expect(screen.getByTestId('report-month').textContent).toContain('November 2026');
    expect(screen.getByTestId('report-next')).toHaveProperty('disabled', true);
    expect(rows.map((r) => r.dataset.codes)).toEqual(['99454 99457', '']);
    expect(within(rows[1]!).getAllByTestId('report-flag').map((f) => f.textContent)).toEqual([
      'Needs 4 more days for 99454 (period to Nov 18)',
      'Needs 1 more minute for 99457',
      'No interactive contact this month',
    ]);
    expect(screen.getByTestId('report-patient-count').dataset.value).toBe('2');
    // A nurse does not sign.
    expect(screen.queryByTestId('report-sign')).toBeNull();
    expect(screen.queryByTestId('report-evidence')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('report-evidence-toggle'));
    const evidence = await screen.findByTestId('report-evidence');
    expect(evidence.textContent).toContain('Oct 17, Oct 18');
    expect(evidence.textContent).toContain('Noah Bennett 14 min');
    expect(evidence.textContent).toContain('Priya Raman, 12 min');
  });

  it('narrows to one clinician’s patients', async () => {
    fakeFetch(server(report()));
    render(<MonitoringReportPage />, { wrapper: wrapperAs(NURSE) });
    await screen.findAllByTestId('report-patient');
    fireEvent.click(screen.getByTestId('report-clinician'));
    fireEvent.click(await screen.findByRole('option', { name: /Noah Bennett/, hidden: true }));
    await waitFor(() => expect(screen.getAllByTestId('report-patient')).toHaveLength(1));
    expect(screen.getByTestId('report-patient-count').dataset.value).toBe('1');
  });

  it('shows a large month 50 patients a page, and starts again at the first page for another clinician', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      patient({ fullName: `Patient ${String(i + 1).padStart(3, '0')}`, mrn: `MRN${600000 + i}`, clinicians: i < 60 ? [{ clinicianAccountId: NURSE_ID, name: 'Noah Bennett', minutes: 14 }] : [] }),
    );
    fakeFetch(server(report({ patients: many })));
    render(<MonitoringReportPage />, { wrapper: wrapperAs(NURSE) });
    const names = () => screen.getAllByTestId('report-patient').map((row) => row.querySelector('bdi')?.textContent);
    await screen.findAllByTestId('report-patient');
    expect(screen.getByTestId('report-patient-count').dataset.value).toBe('120');
    expect(names()).toHaveLength(50);
    expect(names()[0]).toBe('Patient 001');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(names()).toEqual(Array.from({ length: 20 }, (_, i) => `Patient ${101 + i}`));
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByTestId('report-clinician'));
    fireEvent.click(await screen.findByRole('option', { name: /Noah Bennett/, hidden: true }));
    await waitFor(() => expect(names()[0]).toBe('Patient 001'));
    expect(names()).toHaveLength(50);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('finds a patient by name without accents or by MRN; the month\'s figures stay', async () => {
    fakeFetch(server(report({ patients: [patient({}), patient({ fullName: 'José Álvarez', mrn: 'MRN500010' }), patient({ fullName: 'Layla Haddad', mrn: 'MRN500002' })] })));
    render(<MonitoringReportPage />, { wrapper: wrapperAs(NURSE) });
    const names = () => screen.queryAllByTestId('report-patient').map((row) => row.querySelector('bdi')?.textContent);
    await screen.findAllByTestId('report-patient');
    const find = screen.getByRole('searchbox', { name: 'Find a patient' });
    fireEvent.change(find, { target: { value: 'jose alv' } });
    expect(names()).toEqual(['José Álvarez']);
    fireEvent.change(find, { target: { value: 'mrn500002' } });
    expect(names()).toEqual(['Layla Haddad']);
    expect(screen.getByTestId('report-patient-count').dataset.value).toBe('3');
    fireEvent.change(find, { target: { value: 'nobody' } });
    expect(names()).toEqual([]);
    expect(screen.getByTestId('report-no-match').textContent).toBe('No patient of this month matches the search.');
    fireEvent.change(find, { target: { value: '' } });
    expect(names()).toHaveLength(3);
  });

  it('a physician signs after confirming; a refusal stays in the dialog', async () => {
    let refuse = true;
    const { calls } = fakeFetch(
      server(report(), (request) => {
        if (request.path !== 'monitoringReport.sign') return undefined;
        if (refuse) return fail(409, 'reportSigned', ERRORS.reportSigned.message);
        return ok(report({ signoff: { signedByAccountId: PHYSICIAN.id, signedByName: 'Priya Raman', signedAt: '2026-12-02T12:00:00.000Z' } }));
      }),
    );
    render(<MonitoringReportPage />, { wrapper: wrapperAs(PHYSICIAN) });
    fireEvent.click(await screen.findByTestId('report-sign'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Sign the report for November 2026?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign report' }));
    expect(await within(dialog).findByText("This month's report is already signed.")).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign report' }));
    expect((await screen.findByTestId('report-signed')).textContent).toContain('Signed by Priya Raman');
    expect(screen.queryByTestId('report-sign')).toBeNull();
    expect(calls.filter((c) => c.path === 'monitoringReport.sign').map((c) => c.body)).toEqual([{ month: '2026-11' }, { month: '2026-11' }]);
  });

  it('says a month still open has no report yet', async () => {
    fakeFetch((request) =>
      request.path === 'monitoringReport.month' ? fail(409, 'reportMonthOpen', ERRORS.reportMonthOpen.message) : request.path === 'monitoringReport.codes' ? ok(CODES) : undefined,
    );
    render(<MonitoringReportPage />, { wrapper: wrapperAs(PHYSICIAN) });
    expect(await screen.findByText(/ready once the month has ended/)).toBeTruthy();
  });

  it('admins edit a code; a threshold the code does not use is refused on its field', async () => {
    const { calls } = fakeFetch(
      server(report(), (request) =>
        request.path === 'monitoringReport.updateCode'
          ? fail(400, 'validationFailed', ERRORS.validationFailed.message, [{ field: 'minDays', message: 'This code needs this threshold.' }])
          : undefined,
      ),
    );
    render(<MonitoringReportPage />, { wrapper: wrapperAs(ADMIN) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit code 99454' }));
    const form = await screen.findByTestId('billing-code-form');
    // A device code is counted in days: no minute thresholds are offered.
    expect(within(form).queryByLabelText(/Fewest minutes/)).toBeNull();
    fireEvent.change(within(form).getByLabelText(/Most days/), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The most days cannot be fewer than the least.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'monitoringReport.updateCode')).toBe(false);
    fireEvent.change(within(form).getByLabelText(/Most days/), { target: { value: '30' } });
    fireEvent.change(within(form).getByLabelText(/Fewest days/), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This code needs this threshold.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'monitoringReport.updateCode')?.body).toMatchObject({ minDays: 15, maxDays: 30, minMinutes: null });
  });
});
