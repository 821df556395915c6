import { ROLES } from '@opencare/schemas/roles';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeUser } from '../testing/fixtures';
import { SessionProvider } from './session-provider';
import { hasSessionMarker, sessionStore } from './session-store';
import { useSession } from './use-session';

const caregiver = makeAccount([ROLES.User], {
  isDefault: true,
  accountLabel: 'Caregiver',
  accountType: { code: 'car', description: 'Caregiver' },
});
const ownCare = makeAccount([ROLES.Patient], { isDefault: false, accountLabel: 'My own care' });
const user = makeUser([ownCare, caregiver]);

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const answer = (data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ success: true, message: 'OK', data }), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

let session: ReturnType<typeof useSession> | null = null;
function Probe() {
  session = useSession();
  const { state } = session;
  return <p data-testid="state">{state.status === 'signed-in' ? `${state.account.accountLabel}` : state.status}</p>;
}

describe('session provider', () => {
  let requests: { path: string; init: RequestInit | undefined }[];

  beforeEach(() => {
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const path = urlOf(input).replace('/api/v1', '');
        requests.push({ path, init });
        if (path === '/auth/login') return Promise.resolve(answer(user, { 'x-access-token': 'token-1' }));
        if (path === '/users/me') return Promise.resolve(answer(user));
        return Promise.resolve(answer(null));
      }),
    );
  });
  afterEach(() => {
    session = null;
  });

  it('starts signed out without a token or a session marker, and asks the server nothing', () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('signed-out');
    expect(requests).toEqual([]);
  });

  it('logs in as the default account, switches account, and logs out clearing everything', async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(() => session!.login('caregiver', 'Passw0rd!'));
    expect(screen.getByTestId('state').textContent).toBe('Caregiver');
    expect(sessionStore.accessToken.get()).toBe('token-1');
    expect(hasSessionMarker()).toBe(true);
    expect(sessionStore.selectedDate.get()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    act(() => session!.switchAccount(ownCare.id));
    expect(screen.getByTestId('state').textContent).toBe('My own care');
    expect(sessionStore.accountId.get()).toBe(ownCare.id);

    await act(() => session!.logout());
    expect(screen.getByTestId('state').textContent).toBe('signed-out');
    const logout = requests.find((r) => r.path === '/auth/logout');
    expect((logout?.init?.headers as Record<string, string>)['x-account-id']).toBe(ownCare.id);
    expect(sessionStore.accessToken.get()).toBeNull();
    expect(hasSessionMarker()).toBe(false);
  });

  it('restores a reloaded tab from its stored user and checks it with the server', async () => {
    sessionStore.accessToken.set('token-1');
    sessionStore.user.set(user);
    sessionStore.accountId.set(ownCare.id);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('My own care');
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/users/me'));
  });

  it('signs out when another tab logs out', async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(() => session!.login('caregiver', 'Passw0rd!'));
    act(() => {
      localStorage.removeItem('opencare.session');
      window.dispatchEvent(new StorageEvent('storage', { key: 'opencare.session', newValue: null }));
    });
    expect(screen.getByTestId('state').textContent).toBe('signed-out');
    expect(sessionStore.accessToken.get()).toBeNull();
  });
});
