// @vitest-environment happy-dom
import type { CareTimeEntry, CareTimeMonth } from '@opencare/schemas/entities/care-time';
import { ERRORS } from '@opencare/schemas/errors';
import { DEFAULT_PREFERENCES } from '@opencare/schemas/preferences';
import { ROLES } from '@opencare/schemas/roles';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '../../../api/data-provider';
import { NotificationsProvider } from '../../../components/notifications/notifications-provider';
import { PreferencesProvider } from '../../../session/preferences-provider';
import { SessionContext, type SessionContextValue } from '../../../session/session-context';
import { sessionStore } from '../../../session/session-store';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { testQueryClient } from '../../../testing/query-client';
import { fail, fakeFetch, ok, type FakeRoute } from '../../signup/testing/harness';
import { PATIENT_ID, PHYSICIAN_ID } from '../testing/render-patients';
import { CareTimeCard } from './care-time-card';
import { AWAY_AFTER_MS, BEAT_EVERY_MS, useChartTime } from './use-chart-time';

const NURSE = makeAccount([ROLES.Nurse], { accountType: { code: 'prov', description: 'Provider' } });

const entry = (overrides: Partial<CareTimeEntry>): CareTimeEntry => ({
  id: crypto.randomUUID(),
  patientAccountId: PATIENT_ID,
  clinicianAccountId: NURSE.id,
  clinicianName: 'Noah Bennett',
  source: 'chart',
  interactive: false,
  startedAt: '2026-11-30T15:00:00.000Z',
  endedAt: '2026-11-30T15:06:00.000Z',
  seconds: 360,
  visitId: null,
  threadId: null,
  reason: null,
  correctedAt: null,
  correctionReason: null,
  originalSeconds: null,
  ...overrides,
});

const month = (overrides: Partial<CareTimeMonth> = {}): CareTimeMonth => ({
  month: '2026-11',
  currentMonth: '2026-11',
  patientAccountId: PATIENT_ID,
  minutes: 14,
  targetMinutes: 20,
  daysWithReadings: 11,
  targetDays: 16,
  interactive: false,
  entries: [
    entry({ source: 'visit', clinicianAccountId: PHYSICIAN_ID, clinicianName: 'Priya Raman', interactive: true, seconds: 480 }),
    entry({ source: 'manual', reason: 'Phone call about dizziness' }),
  ],
  ...overrides,
});

function wrapper({ children }: { children: ReactNode }) {
  const session: SessionContextValue = {
    state: { status: 'signed-in', user: makeUser([NURSE]), account: NURSE },
    login: vi.fn(() => Promise.resolve(null)),
    completeLogin: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    switchAccount: vi.fn(),
    makeDefault: vi.fn(() => Promise.resolve()),
    calendarDate: '2026-11-30',
    setCalendarDate: vi.fn(),
  };
  return (
    <PreferencesProvider initial={DEFAULT_PREFERENCES}>
      <NotificationsProvider>
        <SessionContext value={session}>
          <DataProvider queryClient={testQueryClient()}>{children}</DataProvider>
        </SessionContext>
      </NotificationsProvider>
    </PreferencesProvider>
  );
}

const server =
  (answer: CareTimeMonth, writes: FakeRoute = () => undefined): FakeRoute =>
  (request) =>
    request.path === 'careTime.month' ? ok(answer) : writes(request);

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  sessionStore.accessToken.clear();
  vi.useRealTimers();
});

describe('the care-time card', () => {
  it("shows the month's minutes and days against their targets, the missing contact, and the entries", async () => {
    fakeFetch(server(month()));
    render(<CareTimeCard patientId={PATIENT_ID} />, { wrapper });
    expect((await screen.findByTestId('care-time-minutes')).textContent).toBe('14 of 20 minutes of care');
    expect(screen.getByTestId('care-time-days').textContent).toBe('11 of 16 days with readings');
    expect(screen.getByTestId('care-time-interactive').textContent).toBe('No interactive contact this month');
    const entries = screen.getAllByTestId('care-time-entry');
    expect(entries.map((e) => e.dataset.source)).toEqual(['visit', 'manual']);
    expect(within(entries[0]!).getByText('Interactive')).toBeTruthy();
    expect(within(entries[1]!).getByTestId('care-time-reason').textContent).toBe('Phone call about dizziness');
    // A nurse corrects her own time, not the physician's.
    expect(within(entries[0]!).queryByRole('button', { name: /Correct/ })).toBeNull();
    expect(within(entries[1]!).getByRole('button', { name: /Correct/ })).toBeTruthy();
  });

  it('goes back a month to add or correct time there, and forward no further than this month', async () => {
    const { calls } = fakeFetch((request) => {
      if (request.path !== 'careTime.month') return undefined;
      const asked = (request.body as { month?: string }).month;
      return ok(month(asked ? { month: asked, minutes: 21, entries: [] } : {}));
    });
    render(<CareTimeCard patientId={PATIENT_ID} />, { wrapper });
    const switcher = await screen.findByTestId('care-time-month');
    expect(switcher.textContent).toContain('November 2026');
    expect(screen.getByTestId('care-time-next')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(screen.getByTestId('care-time-month').dataset.month).toBe('2026-10'));
    expect(screen.getByTestId('care-time-month').textContent).toContain('October 2026');
    expect(screen.getByTestId('care-time-minutes').textContent).toBe('21 of 20 minutes of care');
    expect(calls.filter((c) => c.path === 'careTime.month').map((c) => (c.body as { month?: string }).month)).toEqual([undefined, '2026-10']);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(screen.getByTestId('care-time-month').dataset.month).toBe('2026-11'));
  });

  it('offers no correction of an entry under a minute', async () => {
    fakeFetch(server(month({ entries: [entry({ seconds: 40 })] })));
    render(<CareTimeCard patientId={PATIENT_ID} />, { wrapper });
    const glance = await screen.findByTestId('care-time-entry');
    expect(within(glance).queryByRole('button', { name: /Correct/ })).toBeNull();
  });

  it('says when nothing is counted yet', async () => {
    fakeFetch(server(month({ minutes: 0, entries: [], interactive: false })));
    render(<CareTimeCard patientId={PATIENT_ID} />, { wrapper });
    expect(await screen.findByText(/No time counted this month yet/)).toBeTruthy();
  });

  it('adds time by hand: checks the fields first, sends an instant, and shows what the server refused', async () => {
    let refuse = true;
    const { calls } = fakeFetch(
      server(month(), (request) => {
        if (request.path !== 'careTime.add') return undefined;
        if (refuse) return fail(409, 'careTimeOverlaps', ERRORS.careTimeOverlaps.message);
        return ok(entry({ source: 'manual' }));
      }),
    );
    render(<CareTimeCard patientId={PATIENT_ID} />, { wrapper });
    fireEvent.click(await screen.findByTestId('add-care-time'));
    const form = await screen.findByTestId('add-care-time-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // Minutes and reason are required.
    expect(await within(form).findByText('This field is required.')).toBeTruthy();
    expect(within(form).getByText('Reason must be at least 3 characters.')).toBeTruthy();
    // Time that would end in the future is refused before sending.
    fireEvent.change(within(form).getByLabelText(/Minutes/), { target: { value: '45' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The time cannot end in the future.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'careTime.add')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/Started/), { target: { value: '2026-11-30T09:15' } });
    fireEvent.change(within(form).getByLabelText(/Minutes/), { target: { value: '12' } });
    fireEvent.click(within(form).getByLabelText(/With the patient/));
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Phone call about the readings' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/already have time counted in this stretch/)).toBeTruthy();
    const sent = calls.find((c) => c.path === 'careTime.add')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ patientId: PATIENT_ID, minutes: 12, interactive: true, reason: 'Phone call about the readings' });
    expect(sent.startedAt).toBe(new Date('2026-11-30T09:15').toISOString());

    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('add-care-time-form')).toBeNull());
  });
});

describe('time on the chart', () => {
  const beats = (calls: { path: string }[]) => calls.filter((c) => c.path === 'careTime.chartBeat').length;
  const visibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('beats while the chart is in front of the clinician, not while hidden or idle', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    visibility('visible');
    const { calls } = fakeFetch((request) => (request.path === 'careTime.chartBeat' ? ok({ entryId: null, seconds: 0 }) : undefined));
    renderHook(() => useChartTime(PATIENT_ID, true), { wrapper });
    await vi.waitFor(() => expect(beats(calls)).toBe(1));

    act(() => {
      window.dispatchEvent(new Event('keydown'));
      vi.advanceTimersByTime(BEAT_EVERY_MS);
    });
    await vi.waitFor(() => expect(beats(calls)).toBe(2));

    // Hidden: nothing counted.
    act(() => {
      visibility('hidden');
      vi.advanceTimersByTime(BEAT_EVERY_MS * 3);
    });
    expect(beats(calls)).toBe(2);

    // Back in front: a beat at once; then away from the keyboard past the idle limit: silence.
    act(() => visibility('visible'));
    await vi.waitFor(() => expect(beats(calls)).toBe(3));
    act(() => {
      vi.advanceTimersByTime(AWAY_AFTER_MS + BEAT_EVERY_MS);
    });
    const idle = beats(calls);
    act(() => {
      vi.advanceTimersByTime(BEAT_EVERY_MS * 2);
    });
    expect(beats(calls)).toBe(idle);
    expect(idle).toBeLessThanOrEqual(5);
  });

  it('sends nothing for someone who does not count time', () => {
    const { calls } = fakeFetch(() => undefined);
    renderHook(() => useChartTime(PATIENT_ID, false), { wrapper });
    expect(beats(calls)).toBe(0);
  });
});
