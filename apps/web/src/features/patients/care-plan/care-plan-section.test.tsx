// @vitest-environment happy-dom
import { DEFAULT_THRESHOLDS, type Thresholds } from '@opencare/schemas/entities/measurement-ranges';
import type { Schedule } from '@opencare/schemas/entities/care';
import { DEFAULT_PREFERENCES, type Preferences } from '@opencare/schemas/preferences';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '../../../api/data-provider';
import { NotificationsProvider } from '../../../components/notifications/notifications-provider';
import { PreferencesProvider } from '../../../session/preferences-provider';
import { SessionContext, type SessionContextValue } from '../../../session/session-context';
import { sessionStore } from '../../../session/session-store';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { testQueryClient } from '../../../testing/query-client';
import { listMeta } from '@opencare/schemas/envelope';
import { fail, fakeFetch, ok, type FakeRoute } from '../../signup/testing/harness';
import { PATIENT_ID } from '../testing/render-patients';
import { CarePlanSection } from './care-plan-section';

const SCHEDULE_ID = '44444444-4444-4444-8444-444444444444';
const TYPES = ['bp', 'bt', 'bs', 'bw', 'ox', 'sy'] as const;

const thresholds = (
  overrides: Partial<Record<(typeof TYPES)[number], Partial<Thresholds>>> = {},
): Thresholds[] =>
  TYPES.map((type) => ({
    patientId: PATIENT_ID,
    type,
    limits: DEFAULT_THRESHOLDS[type],
    isDefault: true,
    updatedAt: null,
    ...overrides[type],
  }));

const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  id: SCHEDULE_ID,
  patientId: PATIENT_ID,
  type: 'bp',
  startDate: '2026-03-01',
  endDate: null,
  frequency: 'weekly',
  days: ['mon', 'thu'],
  times: ['08:00', '20:00'],
  timezone: 'America/New_York',
  notifyByEmail: true,
  meal: null,
  active: true,
  createdAt: '2026-03-01T12:00:00.000Z',
  nextDueAt: '2026-03-02T13:00:00.000Z',
  ...overrides,
});

/** The care plan's calls; `extra` answers the writes a test makes. */
function carePlanServer(
  options: { thresholds?: Thresholds[]; schedules?: Schedule[] } = {},
  extra: FakeRoute = () => undefined,
): FakeRoute {
  return (request) => {
    const input = request.body as { patientId?: string; patient?: string } | undefined;
    if (request.path === 'measurements.thresholds' && input?.patientId === PATIENT_ID)
      return ok(options.thresholds ?? thresholds());
    if (request.path === 'schedules.list' && input?.patient === PATIENT_ID) {
      const items = options.schedules ?? [schedule()];
      return ok({ items, meta: listMeta(items.length, 1, 100) });
    }
    return extra(request);
  };
}

function renderCarePlan(options: { role?: number; preferences?: Partial<Preferences> } = {}) {
  const account = makeAccount([options.role ?? ROLES.Physician], {
    accountType: { code: 'prov', description: 'Provider' },
  });
  const session: SessionContextValue = {
    state: { status: 'signed-in', user: makeUser([account]), account },
    login: vi.fn(() => Promise.resolve(null)),
    completeLogin: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    switchAccount: vi.fn(),
    makeDefault: vi.fn(() => Promise.resolve()),
    calendarDate: '2026-03-02',
    setCalendarDate: vi.fn(),
  };
  return render(
    <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES, ...options.preferences }}>
      <NotificationsProvider>
        <SessionContext value={session}>
          <DataProvider queryClient={testQueryClient()}>
            <CarePlanSection patientId={PATIENT_ID} />
          </DataProvider>
        </SessionContext>
      </NotificationsProvider>
    </PreferencesProvider>,
  );
}

/** Text without the directional isolates that keep values and units in order in Arabic. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => plain(cell.textContent));
const setNumber = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

// Dialogs with many fields, typed into one by one: slow on a busy machine, as the snapshot's tests are.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('care plan: thresholds', () => {
  it("shows each type's limits in the reader's units, defaults marked", async () => {
    fakeFetch(carePlanServer());
    renderCarePlan({ preferences: { temperatureUnit: 'F' } });
    const systolic = await screen.findByTestId('threshold-row-bp-systolic');
    expect(cellsOf(systolic)).toEqual(['90 mmHg', '120 mmHg', '130 mmHg', '180 mmHg']);
    expect(cellsOf(screen.getByTestId('threshold-row-bp-diastolic'))).toEqual([
      '60 mmHg',
      '–',
      '80 mmHg',
      '120 mmHg',
    ]);
    // Stored in °C, read in °F.
    expect(cellsOf(screen.getByTestId('threshold-row-bt-temperature'))).toEqual([
      '95 °F',
      '99.5 °F',
      '100.4 °F',
      '103.1 °F',
    ]);
    expect(within(screen.getByTestId('thresholds-bw')).getByText('No limits set.')).toBeTruthy();
    expect(within(screen.getByTestId('thresholds-bp')).getByText('Defaults')).toBeTruthy();
  });

  it('writes each limit as one left-to-right run of number and unit, so Arabic reads "95 °F" too', async () => {
    fakeFetch(carePlanServer());
    renderCarePlan({ preferences: { temperatureUnit: 'F' } });
    const row = await screen.findByTestId('threshold-row-bt-temperature');
    const values = within(row).getAllByTestId('threshold-value');
    expect(values).toHaveLength(4);
    for (const value of values) {
      expect(value.tagName).toBe('BDI');
      expect(value.getAttribute('dir')).toBe('ltr');
      // LRI … PDI around number and unit together, as the vitals write a reading.
      expect(value.textContent).toMatch(/^\u2066[\d.]+ °F\u2069$/);
    }
    expect(values[0]!.textContent).toBe('\u206695 °F\u2069');
  });

  it('lets a physician set a lower systolic limit, sending every field of the type in canonical units', async () => {
    const saved = thresholds({
      bp: {
        isDefault: false,
        limits: {
          ...DEFAULT_THRESHOLDS.bp,
          systolic: { lowBelow: 90, elevatedFrom: 115, highFrom: 130, highestFrom: 180 },
        },
      },
    });
    let current = thresholds();
    const { calls } = fakeFetch((request) =>
      carePlanServer({ thresholds: current }, ({ path, body }) => {
        if (path === 'measurements.setThresholds' && (body as { type: string }).type === 'bp') {
          current = saved;
          return ok(saved[0]);
        }
        return undefined;
      })(request),
    );
    renderCarePlan();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Blood pressure limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blood pressure limits' });
    expect(
      within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Systolic: Elevated from' }).value,
    ).toBe('120');
    setNumber('Systolic: Elevated from', '115');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'measurements.setThresholds')).toBe(true));
    expect(calls.find((c) => c.path === 'measurements.setThresholds')!.body).toEqual({
      patientId: PATIENT_ID,
      type: 'bp',
      limits: {
        systolic: { lowBelow: 90, elevatedFrom: 115, highFrom: 130, highestFrom: 180 },
        diastolic: { lowBelow: 60, highFrom: 80, highestFrom: 120 },
        pulse: { lowBelow: 50, elevatedFrom: 100, highFrom: 120, highestFrom: 150 },
      },
    });
    expect(await screen.findByText('Limits saved.')).toBeTruthy();
    await waitFor(() => expect(cellsOf(screen.getByTestId('threshold-row-bp-systolic'))[1]).toBe('115 mmHg'));
    expect(within(screen.getByTestId('thresholds-bp')).getByText('Set for this patient')).toBeTruthy();
  });

  it('converts a temperature entered in °F to °C', async () => {
    const { calls } = fakeFetch(
      carePlanServer({}, ({ path }) =>
        path === 'measurements.setThresholds' ? ok(thresholds()[1]) : undefined,
      ),
    );
    renderCarePlan({ preferences: { temperatureUnit: 'F' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Body temperature limits' }));
    await screen.findByRole('dialog');
    setNumber('Temperature: High from', '101');
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'measurements.setThresholds')).toBe(true));
    expect(calls.find((c) => c.path === 'measurements.setThresholds')!.body).toEqual({
      patientId: PATIENT_ID,
      type: 'bt',
      limits: { temperature: { lowBelow: 35, elevatedFrom: 37.5, highFrom: 38.33, highestFrom: 39.5 } },
    });
  });

  it('checks the limits with the shared schema before sending, and shows what the server refused on its field', async () => {
    const { calls } = fakeFetch(
      carePlanServer({}, ({ path }) =>
        path === 'measurements.setThresholds'
          ? fail(400, 'validationFailed', 'Please check the highlighted fields.', [
              { field: 'limits.diastolic.highestFrom', message: 'Limits must be between 20 and 200 mmHg.' },
            ])
          : undefined,
      ),
    );
    renderCarePlan();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Blood pressure limits' }));
    const dialog = await screen.findByRole('dialog');
    setNumber('Systolic: High from', '110');
    setNumber('Pulse: Very high from', '400');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText('Each limit must be above the one before it.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a value between 20 and 300 bpm.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'measurements.setThresholds')).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Systolic: High from' })),
    );

    setNumber('Systolic: High from', '130');
    setNumber('Pulse: Very high from', '150');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    // The server's message, in the reader's units and words, under the field it names, which gets the focus.
    expect(await within(dialog).findByText('Enter a value between 20 and 200 mmHg.')).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: 'Diastolic: Very high from' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('asks before resetting a type to the defaults', async () => {
    const custom = thresholds({ bp: { isDefault: false } });
    const { calls } = fakeFetch(
      carePlanServer({ thresholds: custom }, ({ path, body }) =>
        path === 'measurements.resetThresholds' &&
        (body as { patientId: string; type: string }).patientId === PATIENT_ID &&
        (body as { type: string }).type === 'bp'
          ? ok(thresholds()[0])
          : undefined,
      ),
    );
    renderCarePlan();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Reset Blood pressure limits to the defaults' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset Blood pressure limits?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'measurements.resetThresholds')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reset Blood pressure limits to the defaults' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset to defaults' }),
    );
    await waitFor(() => expect(calls.some((c) => c.path === 'measurements.resetThresholds')).toBe(true));
    expect(await screen.findByText('Limits reset to the defaults.')).toBeTruthy();
    // The list shows the defaults again at once.
    await waitFor(() =>
      expect(within(screen.getByTestId('thresholds-bp')).getByText('Defaults')).toBeTruthy(),
    );
  });
});

describe('care plan: schedules', () => {
  it('lists schedules with their rhythm, times and reminders', async () => {
    fakeFetch(carePlanServer());
    renderCarePlan();
    const item = await screen.findByTestId('schedule-item');
    expect(plain(item.textContent)).toContain('Blood pressure');
    expect(plain(item.textContent)).toContain('Every week · Mon, Thu · 08:00, 20:00');
    expect(plain(item.textContent)).toContain('E-mail reminders');
    expect(plain(item.textContent)).toContain('From Mar 1, 2026');
  });

  it('says when there are none, and adds one checked with the shared schema', async () => {
    const { calls } = fakeFetch(
      carePlanServer({ schedules: [] }, ({ path }) =>
        path === 'schedules.create' ? ok(schedule(), 201) : undefined,
      ),
    );
    renderCarePlan();
    expect(await screen.findByText('No measurement schedules yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New measurement schedule' });

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'How often' }));
    fireEvent.click(await screen.findByRole('option', { name: 'On specific days', hidden: true }));
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2026-03-03' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText('Choose at least one day.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'schedules.create')).toBe(false);
    // The days are marked, and the first of them has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: 'Sun' })));

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mon' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Remind the patient by e-mail' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'schedules.create')).toBe(true));
    expect(calls.find((c) => c.path === 'schedules.create')!.body).toEqual({
      patientId: PATIENT_ID,
      type: 'bp',
      frequency: 'specificDays',
      startDate: '2026-03-03',
      days: ['mon'],
      times: ['09:00'],
      notifyByEmail: true,
    });
    expect(await screen.findByText('Schedule created.')).toBeTruthy();
  });

  it("changes a schedule's end date and e-mail reminders with PATCH, checking the end date first", async () => {
    let current = schedule();
    const { calls } = fakeFetch((request) =>
      carePlanServer({ schedules: [current] }, ({ path, body }) => {
        const input = body as { id: string; changes: Partial<Schedule> };
        if (path !== 'schedules.update' || input.id !== SCHEDULE_ID) return undefined;
        current = schedule({ ...input.changes });
        return ok(current);
      })(request),
    );
    renderCarePlan();
    fireEvent.click(await screen.findByRole('button', { name: 'Change the Blood pressure schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the Blood pressure schedule' });
    const endDate = within(dialog).getByLabelText('End date (optional)');
    const reminders = within(dialog).getByRole<HTMLInputElement>('checkbox', {
      name: 'Remind the patient by e-mail',
    });
    expect(reminders.checked).toBe(true);

    // Before the start date: refused under the field, nothing sent.
    fireEvent.change(endDate, { target: { value: '2026-02-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('The end date cannot be before the start date.')).toBeTruthy();
    expect(endDate.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === 'schedules.update')).toBe(false);

    fireEvent.change(endDate, { target: { value: '2026-06-30' } });
    fireEvent.click(reminders);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'schedules.update')).toBe(true));
    expect(calls.find((c) => c.path === 'schedules.update')!.body).toEqual({
      id: SCHEDULE_ID,
      changes: { endDate: '2026-06-30', notifyByEmail: false },
    });
    expect(await screen.findByText('Schedule saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(plain(screen.getByTestId('schedule-item').textContent)).toContain(
        'From Mar 1, 2026 to Jun 30, 2026',
      ),
    );
    expect(plain(screen.getByTestId('schedule-item').textContent)).not.toContain('E-mail reminders');
  });

  it('sends only what changed: an emptied end date as null', async () => {
    const { calls } = fakeFetch(
      carePlanServer({ schedules: [schedule({ endDate: '2026-06-30' })] }, ({ path }) =>
        path === 'schedules.update' ? ok(schedule()) : undefined,
      ),
    );
    renderCarePlan();
    fireEvent.click(await screen.findByRole('button', { name: 'Change the Blood pressure schedule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('End date (optional)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'schedules.update')).toBe(true));
    expect(calls.find((c) => c.path === 'schedules.update')!.body).toEqual({
      id: SCHEDULE_ID,
      changes: { endDate: null },
    });
  });

  it('shows what the server refused on the end date field, in the reader’s words', async () => {
    fakeFetch(
      carePlanServer({}, ({ path }) =>
        path === 'schedules.update'
          ? fail(400, 'validationFailed', 'Please check the highlighted fields.', [
              // The field within the procedure's input: its `changes`.
              { field: 'changes.endDate', message: 'The end date cannot be before the start date.' },
            ])
          : undefined,
      ),
    );
    renderCarePlan();
    fireEvent.click(await screen.findByRole('button', { name: 'Change the Blood pressure schedule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('End date (optional)'), {
      target: { value: '2026-03-05' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('The end date cannot be before the start date.')).toBeTruthy();
    const endDate = within(dialog).getByLabelText('End date (optional)');
    expect(endDate.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(endDate));
    // What was typed stays, to be corrected.
    expect((endDate as HTMLInputElement).value).toBe('2026-03-05');
  });

  it('asks before ending a schedule', async () => {
    const { calls } = fakeFetch(
      carePlanServer({}, ({ path, body }) =>
        path === 'schedules.end' && (body as { id: string }).id === SCHEDULE_ID
          ? ok(schedule({ active: false }))
          : undefined,
      ),
    );
    renderCarePlan();
    fireEvent.click(await screen.findByRole('button', { name: 'End the Blood pressure schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the Blood pressure schedule?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End schedule' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'schedules.end')).toBe(true));
    expect(await screen.findByText('Schedule ended.')).toBeTruthy();
    // The list is asked for again.
    await waitFor(() => expect(calls.filter((c) => c.path === 'schedules.list')).toHaveLength(2));
  });
});

describe('care plan: access and failures', () => {
  it('shows an assistant the care plan read-only', async () => {
    fakeFetch(carePlanServer({ thresholds: thresholds({ bp: { isDefault: false } }) }));
    renderCarePlan({ role: ROLES.Assistant });
    await screen.findByTestId('schedule-item');
    await screen.findByTestId('threshold-row-bp-systolic');
    expect(screen.queryByRole('button', { name: 'Add schedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^End / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reset / })).toBeNull();
  });

  it('says when the care plan could not be loaded and tries again', async () => {
    let failing = true;
    fakeFetch((request) =>
      failing ? fail(500, 'unknown', 'Something went wrong.') : carePlanServer()(request),
    );
    renderCarePlan();
    await waitFor(() => expect(screen.getAllByTestId('load-failed')).toHaveLength(2));
    failing = false;
    for (const retry of screen.getAllByRole('button', { name: 'Try again' })) fireEvent.click(retry);
    expect(await screen.findByTestId('schedule-item')).toBeTruthy();
    expect(await screen.findByTestId('threshold-row-bp-systolic')).toBeTruthy();
  });
});
