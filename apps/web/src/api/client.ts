import { REAUTH_DELAY_MS, RETRY_ATTEMPTS, retryDelayMs } from '@opencare/schemas/constants';
import type { User } from '@opencare/schemas/entities/user';
import type { Envelope, ListMeta } from '@opencare/schemas/envelope';
import { clearSession, hasSessionMarker, sessionStore } from '../session/session-store';
import type { StoredItem } from '../session/stored-item';
import { ApiError, isNetworkError } from './api-error';
import { eventSource, type ApiEvents } from './api-events';

export { ApiError } from './api-error';

const API_BASE = '/api/v1';

export interface ApiResponse<T> {
  data: T;
  message: string;
  /** The access token a login or refresh answer carries in `x-access-token`. */
  token: string | null;
  /** A list's paging (spec §3). */
  meta?: ListMeta;
}

/** Anything with zod's safeParse: answers are checked against the shared schemas (spec §5). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** When given, an answer that does not match is refused with `invalidResponseData`. */
  schema?: ResponseSchema<T>;
}

/** What the client reads and clears of the session; the browser's stores unless a test says otherwise. */
export interface ClientSession {
  accessToken: StoredItem<string>;
  accountId: StoredItem<string>;
  hasMarker(): boolean;
  clear(): void;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  session?: ClientSession;
}

const browserSession: ClientSession = {
  accessToken: sessionStore.accessToken,
  accountId: sessionStore.accountId,
  hasMarker: hasSessionMarker,
  clear: clearSession,
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The caller's time zone, sent with every call so the server can show dates in local time. */
export function timezoneHeaders(): Record<string, string> {
  return {
    'x-timezone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    // Minutes east of UTC (New York in winter: -300), the sign people read in "UTC-5".
    'x-timezone-offset': String(-new Date().getTimezoneOffset()),
  };
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && typeof (value as { success?: unknown }).success === 'boolean'
  );
}

/** Run `task` holding a lock every tab of this origin shares, where the browser has one. */
async function acrossTabs<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
}

export function createApiClient(options: ApiClientOptions = {}) {
  const session = options.session ?? browserSession;
  const sleep = options.sleep ?? wait;
  // Looked up per call, so a test's stubbed global fetch is the one used.
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);
  const events: ApiEvents = { networkError: eventSource(), sessionEnded: eventSource() };

  async function send<T>(path: string, request: RequestOptions<T>, token: string | null): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...timezoneHeaders() };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (token) {
      headers.authorization = `Bearer ${token}`;
      // The account chosen in the switcher; without it the server acts as the default account.
      const accountId = session.accountId.get();
      if (accountId) headers['x-account-id'] = accountId;
    }

    let response: Response;
    try {
      response = await doFetch(`${API_BASE}${path}`, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        // The refresh cookie is httpOnly and same-origin: the browser sends it, scripts never see it.
        credentials: 'same-origin',
      });
    } catch {
      throw ApiError.of('err_network');
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (response.status === 204) throw ApiError.of('noContent');
    if (!isEnvelope(body)) {
      throw response.ok ? ApiError.of('invalidResponseData') : ApiError.of('unknown', response.status);
    }
    if (!response.ok || !body.success) {
      throw new ApiError(response.status, body.key ?? 'unknown', body.message, body.errors ?? []);
    }
    let data = body.data as T;
    if (request.schema) {
      const checked = request.schema.safeParse(body.data);
      if (!checked.success) {
        // Field paths only: the values may be a patient's data.
        console.warn(`Invalid response data from ${path}`, checked.error.issues);
        throw ApiError.of('invalidResponseData');
      }
      data = checked.data;
    }
    return { data, message: body.message, token: response.headers.get('x-access-token'), meta: body.meta };
  }

  /**
   * Reads are idempotent, so a read that could not reach the server is tried again: three attempts
   * in all, waiting 2 s then 4 s (spec §9). Writes are never repeated: the first may have landed.
   */
  async function sendWithRetry<T>(path: string, request: RequestOptions<T>, token: string | null) {
    const idempotent = (request.method ?? 'GET') === 'GET';
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await send(path, request, token);
      } catch (error) {
        if (!(error instanceof ApiError) || !isNetworkError(error)) throw error;
        if (!idempotent || attempt >= RETRY_ATTEMPTS) {
          events.networkError.emit(error);
          throw error;
        }
        await sleep(retryDelayMs(attempt));
      }
    }
  }

  let refreshing: Promise<ApiResponse<User>> | null = null;

  /**
   * Trade the refresh cookie for a new access token. Single-flight within the tab and, where the
   * browser has Web Locks, across tabs: refresh tokens rotate and a token presented twice revokes the
   * whole session, so two refreshes must never race. Any failure ends the session (spec §4).
   */
  function refreshSession({ delayMs = 0 } = {}): Promise<ApiResponse<User>> {
    refreshing ??= (async () => {
      try {
        if (!session.hasMarker()) throw ApiError.of('sessionExpired');
        if (delayMs > 0) await sleep(delayMs);
        const result = await acrossTabs('opencare.refresh', () =>
          send<User>('/auth/refresh', { method: 'POST' }, null),
        );
        if (!result.token) throw ApiError.of('sessionExpired');
        session.accessToken.set(result.token);
        return result;
      } catch (error) {
        session.clear();
        const ended = error instanceof ApiError ? error : ApiError.of('sessionExpired');
        events.sessionEnded.emit(ended);
        throw ended;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  /** A token for the retry of a call refused with `stale`: a newer one if another call already
   * re-authenticated, else the result of the (one, shared) re-authentication. */
  async function tokenAfter401(stale: string): Promise<string> {
    const current = session.accessToken.get();
    if (!refreshing && current && current !== stale) return current;
    const { token } = await refreshSession({ delayMs: REAUTH_DELAY_MS });
    // refreshSession never resolves without a token.
    return token as string;
  }

  /** A call that needs no session (login, refresh, sign-up). */
  function publicRequest<T>(path: string, request: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
    return sendWithRetry(path, request, null);
  }

  /**
   * A call made with the session's access token. Without a token it is not sent at all; on a 401
   * the session is re-authenticated once (one re-authentication at a time, however many calls wait
   * for it) and the call retried once (spec §4, Session).
   */
  async function authedResponse<T>(path: string, request: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
    const token = session.accessToken.get();
    if (!token) throw ApiError.of('tokenRequired');
    try {
      return await sendWithRetry(path, request, token);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      const fresh = await tokenAfter401(token);
      return sendWithRetry(path, request, fresh);
    }
  }

  /** authedResponse's data only: what most calls want. */
  async function authedRequest<T>(path: string, request: RequestOptions<T> = {}): Promise<T> {
    return (await authedResponse(path, request)).data;
  }

  return { publicRequest, authedRequest, authedResponse, refreshSession, tokenAfter401, session, events };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const client = createApiClient();
export const { publicRequest, authedRequest, authedResponse, refreshSession } = client;
/** The tRPC link shares the REST client's one re-authentication and its session. */
export { client as restClient };
export const apiEvents = client.events;
