import { ROLES } from '@opencare/schemas/roles';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { sessionClient } from '../api/session-client';
import { makeAccount, makeUser } from '../testing/fixtures';
import { resumeWithPageCode, SessionProvider } from './session-provider';
import { hasSessionMarker, sessionStore, storedAccountsHint } from './session-store';
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

/** A tRPC batch's answer: each procedure's data, in order. */
const answer = (data: unknown[]) =>
  new Response(JSON.stringify(data.map((item) => ({ result: { data: item } }))), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** The procedures of a tRPC request (`/trpc/auth.login,users.me?batch=1`). */
const proceduresOf = (url: string) =>
  decodeURIComponent(new URL(url, 'http://localhost').pathname.replace(/^\/trpc\//, '')).split(',');

let session: ReturnType<typeof useSession> | null = null;
function Probe() {
  session = useSession();
  const { state } = session;
  return <p data-testid="state">{state.status === 'signed-in' ? `${state.account.accountLabel}` : state.status}</p>;
}

describe('session provider', () => {
  let requests: { path: string; headers: Headers; body: unknown }[];

  beforeEach(() => {
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        // The refresh goes alone, unbatched: one answer, not a list.
        if (urlOf(input) === '/trpc/auth.refresh') {
          requests.push({ path: 'auth.refresh', headers: new Headers(init?.headers), body: undefined });
          const refreshed = { result: { data: { user, accessToken: 'token-2' } } };
          return Promise.resolve(new Response(JSON.stringify(refreshed), { status: 200 }));
        }
        const paths = proceduresOf(urlOf(input));
        const inputs = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
        paths.forEach((path, index) =>
          requests.push({ path, headers: new Headers(init?.headers), body: inputs[String(index)] }),
        );
        return Promise.resolve(
          answer(
            paths.map((path) => {
              if (path === 'auth.login') return { user, accessToken: 'token-1' };
              if (path === 'users.me') return user;
              return null;
            }),
          ),
        );
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
    expect(requests.find((r) => r.path === 'auth.login')?.body).toEqual({ username: 'caregiver', password: 'Passw0rd!' });
    expect(screen.getByTestId('state').textContent).toBe('Caregiver');
    expect(sessionStore.accessToken.get()).toBe('token-1');
    expect(hasSessionMarker()).toBe(true);
    expect(sessionStore.selectedDate.get()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    act(() => session!.switchAccount(ownCare.id));
    expect(screen.getByTestId('state').textContent).toBe('My own care');
    expect(sessionStore.accountId.get()).toBe(ownCare.id);

    await act(() => session!.logout());
    expect(screen.getByTestId('state').textContent).toBe('signed-out');
    const logout = requests.find((r) => r.path === 'auth.logout');
    expect(logout?.headers.get('x-account-id')).toBe(ownCare.id);
    expect(sessionStore.accessToken.get()).toBeNull();
    expect(hasSessionMarker()).toBe(false);
  });

  it('a call refused while Quit is ending the session on the server does not report the session as ended', async () => {
    const onSessionEnded = vi.fn();
    render(
      <SessionProvider onSessionEnded={onSessionEnded}>
        <Probe />
      </SessionProvider>,
    );
    await act(() => session!.login('caregiver', 'Passw0rd!'));
    // The server has ended the session: the refresh cookie is refused from now on.
    const refused = () => Promise.resolve(new Response(JSON.stringify({ error: { code: 'sessionExpired' } }), { status: 401 }));
    const served = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((input, init) => (urlOf(input) === '/trpc/auth.refresh' ? refused() : served(input, init)));

    const quitting = session!.logout();
    // A query of the page being left comes back 401 meanwhile and tries to re-authenticate.
    await expect(sessionClient.refreshSession()).rejects.toBeInstanceOf(ApiError);
    await act(() => quitting);

    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(screen.getByTestId('state').textContent).toBe('signed-out');
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
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('users.me'));
  });

  it('resumes a tab without a token but with the session marker through auth.refresh', async () => {
    sessionStore.marker.set(true);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('restoring');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('Caregiver'));
    expect(requests.map((r) => r.path)).toEqual(['auth.refresh']);
    expect(sessionStore.accessToken.get()).toBe('token-2');
  });

  describe("a new tab's session restored with the page's code (main.tsx)", () => {
    const refuseRefresh = () => {
      const served = vi.mocked(fetch).getMockImplementation()!;
      vi.mocked(fetch).mockImplementation((input, init) =>
        urlOf(input) === '/trpc/auth.refresh'
          ? Promise.resolve(new Response(JSON.stringify({ error: { code: 'sessionExpired' } }), { status: 401 }))
          : served(input, init),
      );
    };

    it('asks nothing without a session marker, or with a token', () => {
      expect(resumeWithPageCode()).toBeNull();
      sessionStore.marker.set(true);
      sessionStore.accessToken.set('token-1');
      expect(resumeWithPageCode()).toBeNull();
      expect(requests).toEqual([]);
    });

    for (const answered of ['before', 'after'] as const) {
      it(`the provider takes over the refresh the page started, answered ${answered} it mounts: one refresh`, async () => {
        sessionStore.marker.set(true);
        const resumed = resumeWithPageCode();
        if (answered === 'before') {
          await expect(resumed).resolves.toEqual(user);
          // What home's data is chosen by meanwhile (home-prefetch.ts).
          expect(sessionStore.accessToken.get()).toBe('token-2');
          expect(storedAccountsHint.get()?.accounts.map((a) => a.id)).toEqual([ownCare.id, caregiver.id]);
        }
        render(
          <SessionProvider>
            <Probe />
          </SessionProvider>,
        );
        await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('Caregiver'));
        expect(requests.map((r) => r.path)).toEqual(['auth.refresh']);
      });
    }

    it('tells a refusal that came before the provider mounted once it is there, and one after only once', async () => {
      refuseRefresh();
      sessionStore.marker.set(true);
      await expect(resumeWithPageCode()).rejects.toBeInstanceOf(ApiError);
      const before = vi.fn();
      const { unmount } = render(
        <SessionProvider onSessionEnded={before}>
          <Probe />
        </SessionProvider>,
      );
      await waitFor(() => expect(before).toHaveBeenCalledTimes(1));
      expect(screen.getByTestId('state').textContent).toBe('signed-out');
      unmount();

      sessionStore.marker.set(true);
      const resumed = resumeWithPageCode();
      const after = vi.fn();
      render(
        <SessionProvider onSessionEnded={after}>
          <Probe />
        </SessionProvider>,
      );
      await expect(resumed).rejects.toBeInstanceOf(ApiError);
      await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('signed-out'));
      expect(after).toHaveBeenCalledTimes(1);
      expect(hasSessionMarker()).toBe(false);
    });
  });

  it('makes an account the default with accounts.update, then reads the user again', async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(() => session!.login('caregiver', 'Passw0rd!'));
    await act(() => session!.makeDefault(ownCare.id));
    const update = requests.find((r) => r.path === 'accounts.update');
    expect(update?.body).toEqual({ id: ownCare.id, changes: { isDefault: true } });
    expect(update?.headers.get('authorization')).toBe('Bearer token-1');
    expect(requests.map((r) => r.path).slice(-2)).toEqual(['accounts.update', 'users.me']);
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
