import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { createTRPCClient } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import type { StoredItem } from '../session/stored-item';
import { ApiError, asApiError, isNetworkError } from './api-error';
import { createApiClient, type ClientSession } from './client';
import { createQueryClient, trpcLinks } from './trpc';

function memoryItem(initial: string | null = null): StoredItem<string> {
  let value = initial;
  return { get: () => value, set: (v) => (value = v), clear: () => (value = null) };
}

function fakeSession(token: string | null = 'old-token') {
  const session = {
    accessToken: memoryItem(token),
    accountId: memoryItem('acc-2'),
    marker: true,
    hasMarker: () => session.marker,
    clear: vi.fn(() => {
      session.accessToken.clear();
      session.marker = false;
    }),
  };
  return session satisfies ClientSession;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const trpcError = (httpStatus: number, key: string, errors: unknown[] = []) => ({
  error: { message: key, code: -32001, data: { key, httpStatus, errors } },
});

/** The refresh goes alone, never in a batch: `POST /trpc/auth.refresh`. */
const isRefresh = (url: string) => url === '/trpc/auth.refresh';

/**
 * A fake edge: `auth.refresh` answers `refresh()`; another procedure answers its data with the
 * token `new-token`, and 401 `tokenExpired` with any other.
 */
function fakeEdge(refresh: () => Response = () => json(200, { result: { data: { user: {}, accessToken: 'new-token' } } })) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ url, headers });
    if (isRefresh(url)) return Promise.resolve(refresh());
    const ok = headers.authorization === 'Bearer new-token';
    return Promise.resolve(json(ok ? 200 : 401, [ok ? { result: { data: { total: 7 } } } : trpcError(401, 'tokenExpired')]));
  });
  return { fetch, calls, refreshes: () => calls.filter((c) => isRefresh(c.url)).length };
}

function clientFor(session: ClientSession, fetch: typeof globalThis.fetch) {
  const api = createApiClient({ session, fetch, sleep: () => Promise.resolve() });
  return { api, trpc: createTRPCClient<AppRouter>({ links: trpcLinks(api, fetch) }) };
}

describe('tRPC client', () => {
  it('sends the token, the acting account and the time zone, to /trpc', async () => {
    const session = fakeSession('new-token');
    const edge = fakeEdge();
    const { trpc } = clientFor(session, edge.fetch);
    await expect(trpc.lookups.list.query()).resolves.toEqual({ total: 7 });
    const [call] = edge.calls;
    expect(call?.url).toMatch(/^\/trpc\/lookups\.list\?batch=1/);
    expect(call?.headers).toMatchObject({ authorization: 'Bearer new-token', 'x-account-id': 'acc-2' });
    expect(call?.headers['x-timezone']).toBeTruthy();
  });

  it('re-authenticates once after a 401 and retries the call with the new token', async () => {
    const session = fakeSession('old-token');
    const edge = fakeEdge();
    const { trpc } = clientFor(session, edge.fetch);
    await expect(trpc.lookups.list.query()).resolves.toEqual({ total: 7 });
    expect(edge.refreshes()).toBe(1);
    expect(edge.calls.map((c) => c.headers.authorization ?? 'none')).toEqual(['Bearer old-token', 'none', 'Bearer new-token']);
    expect(session.accessToken.get()).toBe('new-token');
  });

  it('ends the session when re-authentication is refused, and says so', async () => {
    const session = fakeSession('old-token');
    const edge = fakeEdge(() => json(401, trpcError(401, 'refreshTokenInvalid')));
    const { api, trpc } = clientFor(session, edge.fetch);
    const ended = vi.fn();
    api.events.sessionEnded.on(ended);
    const failure = asApiError(await trpc.lookups.list.query().catch((error: unknown) => error));
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(session.clear).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(edge.refreshes()).toBe(1);
  });

  it('does not re-authenticate a call made without a token (a wrong password is not an expired session)', async () => {
    const session = fakeSession(null);
    const edge = fakeEdge();
    const { trpc } = clientFor(session, edge.fetch);
    const failure = asApiError(await trpc.lookups.list.query().catch((error: unknown) => error));
    expect((failure as ApiError).key).toBe('tokenExpired');
    expect(edge.refreshes()).toBe(0);
  });

  it("reads a refusal's catalogue key, status and field issues as an ApiError", async () => {
    const issues = [{ field: 'name', message: 'Too long' }];
    const fetch = vi.fn(() => Promise.resolve(json(400, [trpcError(400, 'validationFailed', issues)])));
    const { trpc } = clientFor(fakeSession('new-token'), fetch);
    const failure = asApiError(await trpc.vendors.create.mutate({ name: 'x' } as never).catch((error: unknown) => error));
    expect(failure).toEqual(new ApiError(400, 'validationFailed', 'validationFailed', issues));
  });

  it("reads an answer that is not tRPC's as a failure with its status, not as a network error", async () => {
    const answers = [
      [json(400, { statusCode: 400, error: 'Bad Request' }), 400],
      [new Response('<html>Bad Gateway</html>', { status: 502 }), 500],
    ] as const;
    for (const [answer, status] of answers) {
      const { trpc } = clientFor(fakeSession('new-token'), vi.fn(() => Promise.resolve(answer)));
      const failure = asApiError(await trpc.lookups.list.query().catch((error: unknown) => error));
      expect(failure).toEqual(ApiError.of('unknown', status));
      expect(isNetworkError(failure)).toBe(false);
    }
  });

  it('reads a call that reached no server as a network error, which reads are tried again for', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const { trpc } = clientFor(fakeSession('new-token'), fetch);
    const failure = await trpc.lookups.list.query().catch((error: unknown) => error);
    expect(isNetworkError(failure)).toBe(true);
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;
    expect([retry(0, failure), retry(1, failure), retry(2, failure)]).toEqual([true, true, false]);
    expect(retry(0, new ApiError(500, 'unknown', 'x'))).toBe(false);
  });
});
