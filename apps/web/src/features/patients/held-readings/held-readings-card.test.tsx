// @vitest-environment happy-dom
import type { HeldReading } from '@opencare/schemas/entities/held-readings';
import { DEFAULT_PREFERENCES } from '@opencare/schemas/preferences';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '../../../api/data-provider';
import { NotificationsProvider } from '../../../components/notifications/notifications-provider';
import { PreferencesProvider } from '../../../session/preferences-provider';
import { SessionContext, type SessionContextValue } from '../../../session/session-context';
import { sessionStore } from '../../../session/session-store';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { testQueryClient } from '../../../testing/query-client';
import { ok, fakeFetch, type FakeRoute } from '../../signup/testing/harness';
import { PATIENT_ID } from '../testing/render-patients';
import { HeldReadingsCard } from './held-readings-card';

const NURSE = makeAccount([ROLES.Nurse], { accountType: { code: 'prov', description: 'Provider' } });

const held = (overrides: Partial<HeldReading> = {}): HeldReading => ({
  id: crypto.randomUUID(),
  patientId: PATIENT_ID,
  type: 'bp',
  values: { systolic: 400, diastolic: 90 },
  units: { systolic: 'mm[Hg]', diastolic: 'mm[Hg]' },
  reason: 'outOfLimits',
  outOfLimits: ['systolic'],
  userIndex: null,
  userSlot: null,
  meal: null,
  note: null,
  takenAt: '2026-11-30T07:15:00.000Z',
  deviceTakenAt: null,
  flags: ['out-of-limits'],
  device: { id: crypto.randomUUID(), name: 'Arm cuff' },
  status: 'held',
  receivedAt: '2026-11-30T07:16:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  reviewComment: null,
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

/** The server: the list as it stands, and the reviews, which take the reading off it. */
function server(list: HeldReading[]): FakeRoute {
  let current = [...list];
  return (request) => {
    if (request.path === 'heldReadings.list') return ok(current);
    if (request.path === 'heldReadings.accept' || request.path === 'heldReadings.reject') {
      const { readingId } = request.body as { readingId: string };
      const reviewed = current.find((r) => r.id === readingId)!;
      current = current.filter((r) => r.id !== readingId);
      return ok({ ...reviewed, status: request.path === 'heldReadings.accept' ? 'accepted' : 'rejected' });
    }
    return undefined;
  };
}

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('readings held for review on the patient’s chart', () => {
  it('says so while loading, then when nothing waits', async () => {
    fakeFetch(server([]));
    render(<HeldReadingsCard patientId={PATIENT_ID} />, { wrapper });
    expect(screen.getByRole('status', { name: 'Loading held readings…' })).toBeTruthy();
    expect((await screen.findByTestId('held-readings-empty')).textContent).toBe(
      'No device readings are waiting for review.',
    );
  });

  it('shows the value, the device and which value is outside which limits; accepting takes it off the list', async () => {
    const wild = held();
    const { calls } = fakeFetch(
      server([
        wild,
        held({
          type: 'ox',
          values: { spo2: 30, pulse: 70 },
          units: { spo2: '%', pulse: '/min' },
          outOfLimits: ['spo2'],
          device: null,
        }),
      ]),
    );
    render(<HeldReadingsCard patientId={PATIENT_ID} />, { wrapper });
    const items = await screen.findAllByTestId('held-reading');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(first.textContent).toContain('Blood pressure');
    expect(within(first).getByTestId('held-reading-value').textContent).toContain('400/90');
    expect(first.textContent).toContain('with Arm cuff');
    expect(within(first).getByTestId('held-reading-limit').textContent).toMatch(
      /^Systolic .*400 mmHg.* is outside 40–300 mmHg$/,
    );
    expect(within(items[1]!).getByTestId('held-reading-limit').textContent).toMatch(/outside 50–100 %/);

    fireEvent.click(within(first).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getAllByTestId('held-reading')).toHaveLength(1));
    expect(calls.find((c) => c.path === 'heldReadings.accept')?.body).toEqual({
      patientId: PATIENT_ID,
      readingId: wild.id,
    });
    expect(calls.some((c) => c.path === 'heldReadings.reject')).toBe(false);
  });

  it('asks before rejecting, and rejects nothing when the clinician cancels', async () => {
    const wild = held();
    const { calls } = fakeFetch(server([wild]));
    render(<HeldReadingsCard patientId={PATIENT_ID} />, { wrapper });
    const item = await screen.findByTestId('held-reading');
    fireEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this reading?' });
    expect(dialog.textContent).toContain('entered in error');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'heldReadings.reject')).toBe(false);

    fireEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject reading' }),
    );
    expect((await screen.findByTestId('held-readings-empty')).textContent).toBe(
      'No device readings are waiting for review.',
    );
    expect(calls.find((c) => c.path === 'heldReadings.reject')?.body).toEqual({
      patientId: PATIENT_ID,
      readingId: wild.id,
    });
  });

  it('says in plain words that another user of a shared meter took it, and offers only Reject', async () => {
    const theirs = held({
      values: { systolic: 182, diastolic: 112 },
      reason: 'otherUser',
      outOfLimits: [],
      flags: [],
      userIndex: 1,
      userSlot: 2,
    });
    const { calls } = fakeFetch(server([theirs, held()]));
    render(<HeldReadingsCard patientId={PATIENT_ID} />, { wrapper });
    const [item, wild] = (await screen.findAllByTestId('held-reading')) as [HTMLElement, HTMLElement];
    expect(within(item).getByTestId('held-reading-other-user').textContent).toBe(
      "Taken under user 1 of the meter, not this patient's user 2: it is another person's reading and can only be rejected.",
    );
    expect(within(item).queryByTestId('held-reading-limit')).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Reject' })).toBeTruthy();
    // An out-of-limits reading beside it keeps both choices and no other-user line.
    expect(within(wild).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(wild).queryByTestId('held-reading-other-user')).toBeNull();

    fireEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject reading' }));
    await waitFor(() => expect(screen.getAllByTestId('held-reading')).toHaveLength(1));
    expect(calls.find((c) => c.path === 'heldReadings.reject')?.body).toEqual({ patientId: PATIENT_ID, readingId: theirs.id });
    expect(calls.some((c) => c.path === 'heldReadings.accept')).toBe(false);
  });
});
