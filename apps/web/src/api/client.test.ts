import { REAUTH_DELAY_MS, retryDelayMs } from '@opencare/schemas/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredItem } from '../session/stored-item';
import { ApiError } from './api-error';
import { createApiClient, type ClientSession } from './client';

function memoryItem(initial: string | null = null): StoredItem<string> {
  let value = initial;
  return { get: () => value, set: (v) => (value = v), clear: () => (value = null) };
}

function fakeSession({ token = 'old-token', marker = true, accountId = null as string | null } = {}) {
  const session = {
    accessToken: memoryItem(token),
    accountId: memoryItem(accountId),
    marker,
    hasMarker: () => session.marker,
    clear: vi.fn(() => {
      session.accessToken.clear();
      session.accountId.clear();
      session.marker = false;
    }),
  };
  return session satisfies ClientSession;
}

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const ok = (data: unknown, headers?: Record<string, string>) =>
  json(200, { success: true, message: 'OK', data }, headers);
const refused = (status: number, key: string) => json(status, { success: false, key, message: key });

/** `auth.refresh` as tRPC answers it, alone (never batched): the token in the body. */
const REFRESH_PATH = '/trpc/auth.refresh';
const refreshed = (accessToken: string) =>
  json(200, { result: { data: { user: { id: 'u' }, accessToken } } });
const refreshRefused = (httpStatus: number, key: string) =>
  json(httpStatus, { error: { message: key, code: -32001, data: { key, httpStatus, errors: [] } } });

/** A fake server: `auth.refresh` answers `refresh()`; other paths 401 until refreshed, then 200. */
function fakeServer(refresh: () => Response = () => refreshed('new-token')) {
  const calls: { path: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = urlOf(input).replace('/api/v1', '').replace(/\?.*$/, '');
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ path, headers });
    if (path === REFRESH_PATH) return Promise.resolve(refresh());
    return Promise.resolve(
      headers.authorization === 'Bearer new-token' ? ok({ path }) : refused(401, 'tokenExpired'),
    );
  });
  return { fetch, calls, refreshes: () => calls.filter((c) => c.path === REFRESH_PATH).length };
}

describe('api client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the token, the acting account and the time zone on every authenticated call', async () => {
    const session = fakeSession({ token: 'new-token', accountId: 'acc-2' });
    const server = fakeServer();
    const client = createApiClient({ fetch: server.fetch, session });

    await client.authedRequest('/profile');

    const headers = server.calls[0]!.headers;
    expect(headers.authorization).toBe('Bearer new-token');
    expect(headers['x-account-id']).toBe('acc-2');
    expect(headers['x-timezone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers['x-timezone-offset']).toBe(String(-new Date().getTimezoneOffset()));
  });

  it('does not send an authenticated call without a token', async () => {
    const server = fakeServer();
    const client = createApiClient({
      fetch: server.fetch,
      session: fakeSession({ token: null as unknown as string }),
    });

    await expect(client.authedRequest('/profile')).rejects.toMatchObject({ key: 'tokenRequired' });
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('answers several concurrent 401s with exactly one refresh, after 1 s, and retries them all', async () => {
    const session = fakeSession();
    const server = fakeServer();
    const client = createApiClient({ fetch: server.fetch, session });

    const calls = Promise.all(
      ['/a', '/b', '/c', '/d'].map((path) => client.authedRequest<{ path: string }>(path)),
    );
    await vi.advanceTimersByTimeAsync(REAUTH_DELAY_MS - 1);
    expect(server.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);

    await expect(calls).resolves.toEqual([{ path: '/a' }, { path: '/b' }, { path: '/c' }, { path: '/d' }]);
    expect(server.refreshes()).toBe(1);
    expect(session.accessToken.get()).toBe('new-token');
  });

  it('retries a late 401 with the token another call already refreshed, without a second refresh', async () => {
    const session = fakeSession();
    const server = fakeServer();
    let answerLate: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => (answerLate = resolve));
    const answer = server.fetch.getMockImplementation()!;
    // /b leaves with the old token, and its 401 arrives only after /a's refresh is done.
    server.fetch.mockImplementation((input, init) =>
      urlOf(input).endsWith('/b') &&
      (init?.headers as Record<string, string>).authorization === 'Bearer old-token'
        ? late
        : answer(input, init),
    );
    const client = createApiClient({ fetch: server.fetch, session });

    const first = client.authedRequest('/a');
    const second = client.authedRequest('/b');
    await vi.advanceTimersByTimeAsync(REAUTH_DELAY_MS);
    await expect(first).resolves.toEqual({ path: '/a' });
    answerLate(refused(401, 'tokenExpired'));

    await expect(second).resolves.toEqual({ path: '/b' });
    expect(server.refreshes()).toBe(1);
  });

  it('refuses to re-authenticate without the session marker: sessionExpired, no refresh, and no session to end (after Quit)', async () => {
    const session = fakeSession({ marker: false });
    const server = fakeServer();
    const client = createApiClient({ fetch: server.fetch, session });
    const ended = vi.fn();
    client.events.sessionEnded.on(ended);

    await expect(client.authedRequest('/a')).rejects.toMatchObject({ key: 'sessionExpired' });
    expect(server.refreshes()).toBe(0);
    expect(ended).not.toHaveBeenCalled();
  });

  it('clears the session and reports its end when the refresh is refused (403)', async () => {
    const session = fakeSession();
    const server = fakeServer(() => refreshRefused(403, 'err_forbidden'));
    const client = createApiClient({ fetch: server.fetch, session });
    const ended = vi.fn();
    client.events.sessionEnded.on(ended);

    const calls = Promise.allSettled([client.authedRequest('/a'), client.authedRequest('/b')]);
    await vi.advanceTimersByTimeAsync(REAUTH_DELAY_MS);
    const results = await calls;

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(server.refreshes()).toBe(1);
    expect(session.clear).toHaveBeenCalledOnce();
    expect(session.accessToken.get()).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    expect(ended.mock.calls[0]![0]).toMatchObject({ status: 403, key: 'err_forbidden' });
  });

  it('retries a read after a network failure: 3 attempts, waiting 2 s then 4 s', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createApiClient({ fetch, session: fakeSession() });
    const networkError = vi.fn();
    client.events.networkError.on(networkError);

    const call = client.authedRequest('/a');
    const settled = call.catch((error: unknown) => error);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryDelayMs(1) - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(retryDelayMs(2));
    expect(fetch).toHaveBeenCalledTimes(3);

    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, key: 'err_network' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(networkError).toHaveBeenCalledOnce();
  });

  it('recovers when a retried read gets through', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(ok({ fine: true }));
    const client = createApiClient({ fetch, session: fakeSession() });

    const call = client.authedRequest('/a');
    await vi.advanceTimersByTimeAsync(retryDelayMs(1));
    await expect(call).resolves.toEqual({ fine: true });
  });

  it('never repeats a write after a network failure', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createApiClient({ fetch, session: fakeSession() });
    const networkError = vi.fn();
    client.events.networkError.on(networkError);

    await expect(client.authedRequest('/a', { method: 'POST', body: {} })).rejects.toMatchObject({
      key: 'err_network',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(networkError).toHaveBeenCalledOnce();
  });

  it('refuses an answer that does not match its schema', async () => {
    const fetch = vi.fn(() => Promise.resolve(ok({ id: 42 })));
    const client = createApiClient({ fetch, session: fakeSession() });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const schema = {
      safeParse: (data: unknown) =>
        typeof (data as { id?: unknown }).id === 'string'
          ? { success: true as const, data: data as { id: string } }
          : { success: false as const, error: { issues: [{ path: ['id'] }] } },
    };

    await expect(client.authedRequest('/a', { schema })).rejects.toMatchObject({
      key: 'invalidResponseData',
    });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('passes on the catalogue key and field issues of a refusal', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        json(400, {
          success: false,
          key: 'validationFailed',
          message: 'Bad',
          errors: [{ field: 'a', message: 'b' }],
        }),
      ),
    );
    const client = createApiClient({ fetch, session: fakeSession() });

    await expect(client.authedRequest('/a')).rejects.toMatchObject({
      status: 400,
      key: 'validationFailed',
      errors: [{ field: 'a', message: 'b' }],
    });
  });
});
