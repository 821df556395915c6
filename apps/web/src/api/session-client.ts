import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { REAUTH_DELAY_MS } from '@opencare/schemas/constants';
import type { User } from '@opencare/schemas/entities/user';
import { createTRPCClient, httpLink } from '@trpc/client';
import { clearSession, hasSessionMarker, sessionStore } from '../session/session-store';
import type { StoredItem } from '../session/stored-item';
import { ApiError, asApiError } from './api-error';
import { eventSource, type ApiEvents } from './api-events';

/** What the client reads and clears of the session; the browser's stores unless a test says otherwise. */
export interface ClientSession {
  accessToken: StoredItem<string>;
  accountId: StoredItem<string>;
  hasMarker(): boolean;
  clear(): void;
}

export interface SessionClientOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  session?: ClientSession;
}

/** A re-authentication's answer: who is signed in, and the new access token (already stored). */
export interface Reauthenticated {
  user: User;
  token: string;
}

export const browserSession: ClientSession = {
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

/** Run `task` holding a lock every tab of this origin shares, where the browser has one. */
async function acrossTabs<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
}

/**
 * The session's one re-authentication (spec §4, Session), shared by every call of the tab whatever
 * its transport: the tRPC links, the REST client and the socket.
 */
export function createSessionClient(options: SessionClientOptions = {}) {
  const session = options.session ?? browserSession;
  const sleep = options.sleep ?? wait;
  // Looked up per call, so a test's stubbed global fetch is the one used.
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);
  const events: ApiEvents = { networkError: eventSource(), sessionEnded: eventSource() };

  /**
   * `auth.refresh` goes through a client of its own with an unbatched link (`POST /trpc/auth.refresh`):
   * never batched with the calls that wait for it, and without the 401 retry (a refused refresh is
   * the session's end).
   * No access token is sent: the refresh cookie (httpOnly, same-origin) is the credential.
   */
  const refreshClient = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: '/trpc',
        headers: timezoneHeaders,
        // tRPC sends a mutation without input with no body, which the edge refuses as an empty JSON
        // body (400): `{}` instead, as the edge's own tests send (no input is read from it).
        fetch: (url, init) => doFetch(url, { ...init, body: init?.body ?? '{}', credentials: 'same-origin' }),
      }),
    ],
  });

  let refreshing: Promise<Reauthenticated> | null = null;

  /**
   * Trade the refresh cookie for a new access token. Single-flight within the tab and, where the
   * browser has Web Locks, across tabs: refresh tokens rotate and a token presented twice revokes the
   * whole session, so two refreshes must never race. Any failure ends the session (spec §4).
   */
  function refreshSession({ delayMs = 0 } = {}): Promise<Reauthenticated> {
    // Cleared in a `.finally` of its own, which runs after this assignment even when the attempt
    // fails at once (no session): a `finally` inside the attempt would run before it and leave the
    // failed attempt here for every later re-authentication of the tab.
    refreshing ??= reauthenticate(delayMs).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function reauthenticate(delayMs: number): Promise<Reauthenticated> {
    // Only a live session can end: a request still in flight after Quit (or with no session at
    // all) is refused without the "session ended" alarm, which would bring the person back to
    // the page they left once they sign in again.
    const hadSession = session.hasMarker();
    try {
      if (!hadSession) throw ApiError.of('sessionExpired');
      if (delayMs > 0) await sleep(delayMs);
      const result = await acrossTabs('opencare.refresh', () => refreshClient.auth.refresh.mutate());
      if (typeof result.accessToken !== 'string' || !result.accessToken) throw ApiError.of('sessionExpired');
      session.accessToken.set(result.accessToken);
      return { user: result.user, token: result.accessToken };
    } catch (error) {
      session.clear();
      const failure = asApiError(error);
      const ended = failure instanceof ApiError ? failure : ApiError.of('sessionExpired');
      if (hadSession) events.sessionEnded.emit(ended);
      throw ended;
    }
  }

  /** A token for the retry of a call refused with `stale`: a newer one if another call already
   * re-authenticated, else the result of the (one, shared) re-authentication. */
  async function tokenAfter401(stale: string): Promise<string> {
    const current = session.accessToken.get();
    if (!refreshing && current && current !== stale) return current;
    return (await refreshSession({ delayMs: REAUTH_DELAY_MS })).token;
  }

  return { session, events, refreshSession, tokenAfter401 };
}

export type SessionClient = ReturnType<typeof createSessionClient>;

/** The tab's one session client: the tRPC links, the REST client and the socket share it. */
export const sessionClient = createSessionClient();
