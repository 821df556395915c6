import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { REAUTH_DELAY_MS } from '@opencare/schemas/constants';
import { createTRPCClient } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredItem } from '../session/stored-item';
import { createApiClient } from './client';
import { createSessionClient, type ClientSession } from './session-client';
import { trpcLinks } from './trpc';

function memoryItem(initial: string | null = null): StoredItem<string> {
  let value = initial;
  return { get: () => value, set: (v) => (value = v), clear: () => (value = null) };
}

function fakeSession(token: string | null = 'old-token') {
  const session = {
    accessToken: memoryItem(token),
    accountId: memoryItem(null),
    marker: true,
    hasMarker: () => session.marker,
    clear: vi.fn(() => {
      session.accessToken.clear();
      session.marker = false;
    }),
  };
  return session satisfies ClientSession;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fake edge: `POST /trpc/auth.refresh` signs in again with `new-token`; a tRPC batch answers each
 * procedure with its name for `new-token` and 401 otherwise; a REST call likewise.
 */
function fakeEdge(onRefresh: () => void = () => undefined) {
  const calls: { url: string; authorization: string | null; body: unknown }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const authorization = new Headers(init?.headers).get('authorization');
    calls.push({ url, authorization, body: init?.body });
    const fresh = authorization === 'Bearer new-token';
    if (url === '/trpc/auth.refresh') {
      onRefresh();
      return Promise.resolve(json(200, { result: { data: { user: { id: 'u-1' }, accessToken: 'new-token' } } }));
    }
    if (url.startsWith('/trpc/')) {
      const names = decodeURIComponent(url.replace(/^\/trpc\/|\?.*$/g, '')).split(',');
      const answers = names.map((path) =>
        fresh
          ? { result: { data: path } }
          : { error: { message: 'tokenExpired', code: -32001, data: { key: 'tokenExpired', httpStatus: 401 } } },
      );
      return Promise.resolve(json(fresh ? 200 : 401, answers));
    }
    return Promise.resolve(
      fresh
        ? json(200, { success: true, message: 'OK', data: 'rest' })
        : json(401, { success: false, key: 'tokenExpired', message: 'tokenExpired' }),
    );
  });
  const refreshes = () =>
    calls.filter((c) => c.url.includes('auth.refresh')).map(({ url, authorization, body }) => ({ url, authorization, body }));
  return { fetch, calls, refreshes };
}

describe('session client (the one re-authentication)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('answers 401s of batched tRPC calls, separate tRPC calls and REST calls with one refresh, sent alone after 1 s', async () => {
    const session = fakeSession();
    const edge = fakeEdge();
    const sleep = vi.fn(() => Promise.resolve());
    const auth = createSessionClient({ session, fetch: edge.fetch, sleep });
    const trpc = createTRPCClient<AppRouter>({ links: trpcLinks(auth, edge.fetch) });
    const rest = createApiClient({ auth, fetch: edge.fetch });

    const batched = Promise.all([trpc.lookups.list.query(), trpc.profile.get.query()]);
    await Promise.resolve();
    const alone = trpc.users.me.query();
    const viaRest = rest.authedRequest('/profile');

    await expect(batched).resolves.toEqual(['lookups.list', 'profile.get']);
    await expect(alone).resolves.toBe('users.me');
    await expect(viaRest).resolves.toBe('rest');
    // One refresh, in a request of its own (never batched with the calls waiting for it), without
    // the stale token, and with a JSON body (the edge refuses an empty one).
    expect(edge.refreshes()).toEqual([{ url: '/trpc/auth.refresh', authorization: null, body: '{}' }]);
    expect(sleep).toHaveBeenCalledOnce();
    expect(sleep).toHaveBeenCalledWith(REAUTH_DELAY_MS);
    expect(session.accessToken.get()).toBe('new-token');
  });

  it('refreshes while holding the Web Lock every tab shares', async () => {
    let held = false;
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      held = true;
      try {
        return await task();
      } finally {
        held = false;
      }
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    const refreshedUnderLock: boolean[] = [];
    const edge = fakeEdge(() => refreshedUnderLock.push(held));
    const auth = createSessionClient({ session: fakeSession(), fetch: edge.fetch, sleep: () => Promise.resolve() });

    await Promise.all([auth.refreshSession(), auth.refreshSession(), auth.tokenAfter401('old-token')]);

    expect(request).toHaveBeenCalledOnce();
    expect(request.mock.calls[0]![0]).toBe('opencare.refresh');
    expect(refreshedUnderLock).toEqual([true]);
  });

  it('resumes a session: the user and the token from auth.refresh, the token stored', async () => {
    const session = fakeSession(null);
    const edge = fakeEdge();
    const auth = createSessionClient({ session, fetch: edge.fetch });

    await expect(auth.refreshSession()).resolves.toEqual({ user: { id: 'u-1' }, token: 'new-token' });
    expect(session.accessToken.get()).toBe('new-token');
  });

  it('ends the session when the refresh could not reach the server', async () => {
    const session = fakeSession();
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const auth = createSessionClient({ session, fetch });
    const ended = vi.fn();
    auth.events.sessionEnded.on(ended);

    await expect(auth.refreshSession()).rejects.toMatchObject({ status: 0, key: 'err_network' });
    expect(session.clear).toHaveBeenCalledOnce();
    expect(ended).toHaveBeenCalledOnce();
  });

  it('a call refused after Quit is not re-authenticated, and the next sign-in in the tab still can be', async () => {
    const session = fakeSession();
    session.marker = false;
    const edge = fakeEdge();
    const auth = createSessionClient({ session, fetch: edge.fetch });
    const ended = vi.fn();
    auth.events.sessionEnded.on(ended);

    await expect(auth.refreshSession()).rejects.toMatchObject({ key: 'sessionExpired' });
    expect(edge.refreshes()).toEqual([]);
    expect(ended).not.toHaveBeenCalled();

    // Signed in again: the failed attempt above must not stand in for this tab's next refresh.
    session.marker = true;
    await expect(auth.refreshSession()).resolves.toMatchObject({ token: 'new-token' });
    expect(edge.refreshes()).toHaveLength(1);
  });
});
