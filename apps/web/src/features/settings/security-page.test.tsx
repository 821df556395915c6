// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok, renderRoutes } from '../signup/testing/harness';
import { settingsRoute } from './routes';

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const sessions = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    createdAt: '2026-01-01T08:00:00.000Z',
    lastUsedAt: '2026-01-03T08:00:00.000Z',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    ip: '203.0.113.9',
    current: false,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    createdAt: '2026-01-02T08:00:00.000Z',
    lastUsedAt: '2026-01-02T09:00:00.000Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    ip: '198.51.100.4',
    current: true,
  },
];

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

describe('security', () => {
  it('lists the sessions, this one first, and signs out another one', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'auth.sessions') return ok(sessions);
      if (path === 'auth.endSession') return ok(null);
      return undefined;
    });
    renderRoutes([settingsRoute], { path: '/settings/account/security' });
    const rows = await screen.findAllByTestId('session-row');
    expect(rows.map((row) => row.getAttribute('data-current'))).toEqual(['true', 'false']);
    expect(within(rows[0]!).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'auth.endSession')).toBe(true));
    expect(calls.find((c) => c.path === 'auth.endSession')).toEqual({
      method: 'mutation',
      path: 'auth.endSession',
      body: { id: sessions[0]!.id },
    });
    // The list is read again once the session has ended.
    await waitFor(() => expect(calls.filter((c) => c.path === 'auth.sessions')).toHaveLength(2));
  });

  it('reads the sessions again after the password changed (the server ended the others)', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'auth.sessions') return ok(sessions);
      if (path === 'auth.changePassword') return ok(null);
      return undefined;
    });
    renderRoutes([settingsRoute], { path: '/settings/account/security' });
    await screen.findAllByTestId('session-row');
    type(/^Current password/, 'old');
    type(/^New password/, 'N3w!password');
    type(/^Type the new password again/, 'N3w!password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('password-changed')).toBeTruthy();
    expect(calls.find((c) => c.path === 'auth.changePassword')?.method).toBe('mutation');
    await waitFor(() => expect(calls.filter((c) => c.path === 'auth.sessions')).toHaveLength(2));
  });

  it('checks the new password with the schema and shows a wrong current password on its field', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'auth.sessions') return ok(sessions);
      if (path === 'auth.changePassword') {
        return fail(400, 'currentPasswordIncorrect', 'The current password is not correct.');
      }
      return undefined;
    });
    renderRoutes([settingsRoute], { path: '/settings/account/security' });
    type(/^Current password/, 'old');
    type(/^New password/, 'short');
    type(/^Type the new password again/, 'shorter');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('Password fields must match.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'auth.changePassword')).toBe(false);

    type(/^New password/, 'N3w!password');
    type(/^Type the new password again/, 'N3w!password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(screen.getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.path === 'auth.changePassword')?.body).toEqual({
      currentPassword: 'old',
      password: 'N3w!password',
      passwordConfirmation: 'N3w!password',
    });
  });

  it('asks before signing out everywhere, then ends the session and goes to the login page', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'auth.sessions') return ok(sessions);
      if (path === 'auth.logoutEverywhere') return ok({ ended: 2 });
      return undefined;
    });
    const { logout, router } = renderRoutes([settingsRoute], { path: '/settings/account/security' });
    fireEvent.click(await screen.findByTestId('sign-out-everywhere'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(calls.some((c) => c.path === 'auth.logoutEverywhere')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path === 'auth.logoutEverywhere')).toHaveLength(1);
  });
});
