// @vitest-environment happy-dom
import type { UserTwoFactor } from '@opencare/schemas/entities/two-factor';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { ADMIN_ID, inputOf, page, renderUserManagement, userOf, userRow } from './testing/render-user-management';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

/**
 * A server holding one user, who can be locked (or refused, with `refusal`), with two-factor
 * sign-in on until it is reset.
 */
function serverWith(row = userRow(), refusal?: ReturnType<typeof fail>) {
  let current = row;
  let twoFactor: UserTwoFactor = { enabled: true, enabledAt: '2026-02-01T10:00:00.000Z', required: false };
  return fakeFetch(({ path, body }) => {
    const input = inputOf(body);
    if (path === 'users.list') return input.search === current.username ? page([current]) : page([]);
    if (input.id !== current.id) return undefined;
    if (path === 'users.twoFactor') return ok(twoFactor);
    if (path === 'users.resetTwoFactor') {
      twoFactor = { enabled: false, enabledAt: null, required: false };
      return ok(twoFactor);
    }
    if (path === 'users.update') {
      if (refusal) return refusal;
      current = { ...current, ...(input.changes as object) };
    } else if (path !== 'users.get') return undefined;
    return ok(userOf(current));
  });
}

describe('a user', () => {
  it('shows the details and accounts', async () => {
    serverWith();
    renderUserManagement('/dashboard/user-management/users/nbennett');
    expect(await screen.findByRole('heading', { level: 1, name: 'Noah Bennett' })).toBeTruthy();
    const details = screen.getByTestId('user-details');
    expect(within(details).getByText('noah@example.org')).toBeTruthy();
    expect(within(details).getByText('Active')).toBeTruthy();
    expect(within(screen.getByTestId('user-accounts')).getByText('Nurse')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/dashboard/user-management/users/nbennett/edit',
    );
  });

  it('asks before locking, and locks only once confirmed', async () => {
    const { calls } = serverWith();
    renderUserManagement('/dashboard/user-management/users/nbennett');
    fireEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock this user?' });
    expect(within(dialog).getByText(/Noah Bennett will be signed out on every device/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'users.update')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock user' }));
    expect(await screen.findByText('The user is locked.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'users.update').map((c) => c.body)).toEqual([
      { id: userRow().id, changes: { isLocked: true } },
    ]);
    expect(await screen.findByRole('button', { name: 'Unlock' })).toBeTruthy();
    expect(within(screen.getByTestId('user-details')).getByText('Locked')).toBeTruthy();
  });

  it('resets two-factor sign-in only once confirmed, and shows it off', async () => {
    const { calls } = serverWith();
    renderUserManagement('/dashboard/user-management/users/nbennett');
    const details = await screen.findByTestId('user-details');
    expect(await within(details).findByText(/^On since/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' });
    expect(within(dialog).getByText(/Noah Bennett has lost their authenticator/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText(/Two-factor sign-in is reset/)).toBeTruthy();
    expect(calls.filter((c) => c.path === 'users.resetTwoFactor').map((c) => c.body)).toEqual([{ id: userRow().id }]);
    expect(await within(details).findByText('Off')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset two-factor' })).toBeNull());
  });

  it('offers no two-factor reset on the admin\'s own page (that is Settings → Security)', async () => {
    const { calls } = serverWith(userRow({ id: ADMIN_ID, username: 'admin', fullName: 'Alex Admin', roles: ['Admin'] }));
    renderUserManagement('/dashboard/user-management/users/admin');
    expect(await within(await screen.findByTestId('user-details')).findByText(/^On since/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
    expect(calls.some((c) => c.path === 'users.resetTwoFactor')).toBe(false);
  });

  it('says so when the server will not lock out the last admin', async () => {
    serverWith(
      userRow({ username: 'admin', fullName: 'Alex Admin', roles: ['Admin'] }),
      fail(409, 'lastAdmin', 'The last administrator cannot be locked out.'),
    );
    renderUserManagement('/dashboard/user-management/users/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate user' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The last administrator cannot be locked out.',
    );
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeTruthy();
  });

  it('says plainly when no user has the username', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'users.list' ? page([]) : undefined));
    renderUserManagement('/dashboard/user-management/users/nobody');
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'query', path: 'users.list', body: { search: 'nobody', pageSize: 100 } },
    ]);
  });

  it('saves a changed e-mail and sends only what changed', async () => {
    const { calls } = serverWith();
    const { router } = renderUserManagement('/dashboard/user-management/users/nbennett/edit');
    const email = await screen.findByLabelText<HTMLInputElement>(/^E-mail/);
    expect(email.value).toBe('noah@example.org');
    fireEvent.change(email, { target: { value: 'noah.b@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/user-management/users/nbennett'),
    );
    expect(calls.filter((c) => c.path === 'users.update').map((c) => c.body)).toEqual([
      { id: userRow().id, changes: { email: 'noah.b@example.org' } },
    ]);
  });
});
