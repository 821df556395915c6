// @vitest-environment happy-dom
import type { AwaitingPatient } from '@opencare/schemas/entities/patients';
import { DEFAULT_PREFERENCES } from '@opencare/schemas/preferences';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '../../api/data-provider';
import { NotificationsProvider } from '../../components/notifications/notifications-provider';
import { ROLES } from '@opencare/schemas/roles';
import { PreferencesProvider } from '../../session/preferences-provider';
import { SessionContext, type SessionContextValue } from '../../session/session-context';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { sessionStore } from '../../session/session-store';
import { testQueryClient } from '../../testing/query-client';
import { fakeFetch, ok } from '../signup/testing/harness';
import { AwaitingApproval } from './awaiting-approval';

const rosa: AwaitingPatient = { accountId: crypto.randomUUID(), fullName: 'Rosa Delgado', dateOfBirth: '1990-05-17', email: 'rosa@example.org', signedUpAt: '2026-12-01T15:00:00.000Z' };
const omar: AwaitingPatient = { accountId: crypto.randomUUID(), fullName: 'Omar Aziz', dateOfBirth: null, email: null, signedUpAt: '2026-12-02T09:00:00.000Z' };

const NURSE = makeAccount([ROLES.Nurse], { accountType: { code: 'prov', description: 'Provider' } });

function wrapper({ children }: { children: ReactNode }) {
  const session: SessionContextValue = {
    state: { status: 'signed-in', user: makeUser([NURSE]), account: NURSE },
    login: vi.fn(() => Promise.resolve(null)),
    completeLogin: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    switchAccount: vi.fn(),
    makeDefault: vi.fn(() => Promise.resolve()),
    calendarDate: '2026-12-02',
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

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

/** The server's list: whoever is still pending. */
function server() {
  const pending = new Map([rosa, omar].map((p) => [p.accountId, p]));
  return fakeFetch(({ path, body }) => {
    if (path === 'patients.awaitingApproval') return ok([...pending.values()]);
    const id = (body as { id?: string } | undefined)?.id ?? '';
    if (path === 'patients.approve' || path === 'patients.decline') {
      pending.delete(id);
      return ok({ accountId: id, status: path === 'patients.approve' ? 'active' : 'inactive' });
    }
    return undefined;
  });
}

describe('patients waiting for approval', () => {
  it('approves one at once and declines another after asking', async () => {
    const { calls } = server();
    render(<AwaitingApproval />, { wrapper });
    const rows = await screen.findAllByTestId('awaiting-patient');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Rosa Delgado'), expect.stringContaining('Omar Aziz')]);
    expect(rows[0]!.textContent).toContain('rosa@example.org');

    fireEvent.click(within(rows[0]!).getByTestId('approve-patient'));
    await waitFor(() => expect(screen.getAllByTestId('awaiting-patient')).toHaveLength(1));
    expect(calls.find((c) => c.path === 'patients.approve')?.body).toEqual({ id: rosa.accountId });

    fireEvent.click(screen.getByTestId('decline-patient'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Decline Omar Aziz's sign-up?");
    expect(calls.some((c) => c.path === 'patients.decline')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    // Nobody waits any more: the section goes.
    await waitFor(() => expect(screen.queryByTestId('awaiting-approval')).toBeNull());
    expect(calls.find((c) => c.path === 'patients.decline')?.body).toEqual({ id: omar.accountId });
  });
});
