import type { User } from '@opencare/schemas/entities/user';
import type { Envelope } from '@opencare/schemas/envelope';
import type { FieldIssue } from '@opencare/schemas/errors';
import { accessToken } from '../session/token-store';

const API_BASE = '/api/v1';

/** A failed call: the catalogue key and message from the server, or a client-side key (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly errors: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResponse<T> {
  data: T;
  message: string;
  /** The access token a login or refresh answer carries in `x-access-token`. */
  token: string | null;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
}

/** The caller's time zone, sent with every call so the server can show dates in local time. */
function timezoneHeaders(): Record<string, string> {
  return {
    'x-timezone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    // Minutes east of UTC (New York in winter: -300), the sign people read in "UTC-5".
    'x-timezone-offset': String(-new Date().getTimezoneOffset()),
  };
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { success?: unknown }).success === 'boolean'
  );
}

async function send<T>(path: string, options: RequestOptions, token: string | null): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...timezoneHeaders() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // The refresh cookie is httpOnly and same-origin: the browser sends it, scripts never see it.
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'err_network', 'Network Error');
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) {
    throw response.ok
      ? new ApiError(response.status, 'invalidResponseData', 'Invalid response data')
      : new ApiError(response.status, 'unknown', 'Something went wrong, please try again.');
  }
  if (!response.ok || !body.success) {
    throw new ApiError(response.status, body.key ?? 'unknown', body.message, body.errors ?? []);
  }
  return { data: body.data as T, message: body.message, token: response.headers.get('x-access-token') };
}

/** A call that needs no session (login, refresh). */
export function publicRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  return send<T>(path, options, null);
}

let refreshing: Promise<ApiResponse<User>> | null = null;

/**
 * Trade the refresh cookie for a new access token. Single-flight: refresh tokens rotate and a
 * token presented twice revokes the whole session, so two calls racing (two requests that both got
 * a 401, or React's development double effects) must share one refresh.
 */
export function refreshSession(): Promise<ApiResponse<User>> {
  refreshing ??= (async () => {
    try {
      const result = await publicRequest<User>('/auth/refresh', { method: 'POST' });
      if (!result.token)
        throw new ApiError(401, 'sessionExpired', 'Your session has expired. Please log in again.');
      accessToken.set(result.token);
      return result;
    } catch (error) {
      accessToken.clear();
      throw error;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * A call made with the session's access token. Without a token it is not sent at all; on a 401
 * the session is refreshed once and the call retried once (spec §4, Session).
 */
export async function authedRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = accessToken.get();
  if (!token) throw new ApiError(401, 'tokenRequired', 'A token is required. Please log in again.');
  try {
    return (await send<T>(path, options, token)).data;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const { token: fresh } = await refreshSession();
    return (await send<T>(path, options, fresh)).data;
  }
}
