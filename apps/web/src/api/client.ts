import { RETRY_ATTEMPTS, retryDelayMs } from '@opencare/schemas/constants';
import type { Envelope, ListMeta } from '@opencare/schemas/envelope';
import { ApiError, isNetworkError } from './api-error';
import {
  createSessionClient,
  sessionClient,
  timezoneHeaders,
  type SessionClient,
  type SessionClientOptions,
} from './session-client';

export { ApiError } from './api-error';
export { timezoneHeaders, type ClientSession } from './session-client';

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

export interface ApiClientOptions extends SessionClientOptions {
  /** The re-authentication to share; by default one of the client's own, on the same options. */
  auth?: SessionClient;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && typeof (value as { success?: unknown }).success === 'boolean'
  );
}

export function createApiClient(options: ApiClientOptions = {}) {
  const auth = options.auth ?? createSessionClient(options);
  const { session, events, refreshSession, tokenAfter401 } = auth;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // Looked up per call, so a test's stubbed global fetch is the one used.
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);

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

  return { authedRequest, authedResponse, refreshSession, tokenAfter401, session, events };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const client = createApiClient({ auth: sessionClient });
export const { authedRequest, refreshSession } = client;
export const apiEvents = client.events;
