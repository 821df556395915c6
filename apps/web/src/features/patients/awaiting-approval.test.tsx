// @vitest-environment happy-dom
import type { AwaitingPatient } from '@opencare/schemas/entities/patients';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@opencare/schemas/roles';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { Providers } from '../../testing/render-app';
import { sessionStore } from '../../session/session-store';
import { fakeFetch, ok } from '../signup/testing/harness';
import { AwaitingApproval } from './awaiting-approval';

const rosa: AwaitingPatient = { accountId: crypto.randomUUID(), fullName: 'Rosa Delgado', dateOfBirth: '1990-05-17', email: 'rosa@example.org', signedUpAt: '2026-12-01T15:00:00.000Z' };
const omar: AwaitingPatient = { accountId: crypto.randomUUID(), fullName: 'Omar Aziz', dateOfBirth: null, email: null, signedUpAt: '2026-12-02T09:00:00.000Z' };

const NURSE = makeAccount([ROLES.Nurse], { accountType: { code: 'prov', description: 'Provider' } });

function wrapper({ children }: { children: ReactNode }) {
  return <Providers session={{ status: 'signed-in', user: makeUser([NURSE]), account: NURSE }}>{children}</Providers>;
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
