import type { User } from '@opencare/schemas/entities/user';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, asApiError } from '../api/api-error';
import { sessionClient } from '../api/session-client';
import { trpcClient } from '../api/trpc';
import { today } from './calendar-date';
import { SessionContext, type SessionContextValue, type SessionState } from './session-context';
import { clearSession, hasSessionMarker, SESSION_MARKER_KEY, sessionStore, startSession } from './session-store';
import { signedIn, storedCalendarDate, storedSessionState } from './stored-session';

/**
 * This provider sits outside the DataProvider: it calls the procedures through the vanilla tRPC
 * client (the same links: headers, one re-authentication), and the refresh through the session
 * client, which stores the new token.
 */
const getMe = () => trpcClient.users.me.query();
const resumeSession = async () => (await sessionClient.refreshSession()).user;

/** A new tab's session, restored with the page's code; taken over by the provider when it mounts. */
let early: { user: Promise<User>; mounted: boolean; unheard?: unknown } | null = null;

/**
 * Restores a new tab's session (a session marker, no token) with the page's code, before the first
 * render, rather than from the provider's first effect after it (issue 16): the refresh cookie is
 * traded while the screens download, and home's data can be asked for with the answer (main.tsx).
 * The provider takes this refresh over instead of starting another (refresh tokens rotate). A
 * refusal that comes before the provider has mounted is told to its listeners once they are there
 * (the "session ended" notice). Null where there is nothing to restore.
 */
export function resumeWithPageCode(): Promise<User> | null {
  if (sessionStore.accessToken.get() || !hasSessionMarker()) return null;
  const started: NonNullable<typeof early> = {
    mounted: false,
    user: resumeSession().then(
      (user) => {
        // The server's answer: what the provider adopts, and what the prefetch reads meanwhile.
        sessionStore.user.set(user);
        return user;
      },
      (error: unknown) => {
        if (!started.mounted) started.unheard = error;
        throw error;
      },
    ),
  };
  early = started;
  return started.user;
}

interface SessionProviderProps {
  children: ReactNode;
  /** Told when the session ends without the user asking (re-authentication refused). */
  onSessionEnded?: (error: ApiError) => void;
}

export function SessionProvider({ children, onSessionEnded }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>(storedSessionState);
  const [calendarDate, setDate] = useState(storedCalendarDate);

  const adopt = useCallback((user: User) => {
    sessionStore.user.set(user);
    setState(signedIn(user));
  }, []);

  // Restore (or take over the restore main.tsx started), or check the stored user is still who the
  // server says (accounts, roles, status).
  useEffect(() => {
    const started = early;
    early = null;
    if (started) started.mounted = true;
    const hasToken = sessionStore.accessToken.get() !== null;
    if (!started && !hasToken && !hasSessionMarker()) return;
    let current = true;
    (started?.user ?? (hasToken ? getMe() : resumeSession())).then(
      (user) => {
        if (current) adopt(user);
      },
      () => {
        // A refused re-authentication has already ended the session (below); one refused before
        // this provider was there is told now. After a network failure a stored user stays signed
        // in, so the app can start offline.
        if (started?.unheard instanceof ApiError) sessionClient.events.sessionEnded.emit(started.unheard);
        if (current && !sessionStore.user.get()) setState({ status: 'signed-out' });
      },
    );
    return () => {
      current = false;
    };
  }, [adopt]);

  // The API client ends the session when re-authentication is refused; other tabs end it by logout.
  useEffect(() => {
    const offEnded = sessionClient.events.sessionEnded.on((error) => {
      setState({ status: 'signed-out' });
      onSessionEnded?.(error);
    });
    const onStorage = (event: StorageEvent) => {
      if ((event.key === SESSION_MARKER_KEY || event.key === null) && !hasSessionMarker()) {
        clearSession();
        setState({ status: 'signed-out' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      offEnded();
      window.removeEventListener('storage', onStorage);
    };
  }, [onSessionEnded]);

  const completeLogin = useCallback((user: User, token: string) => {
    const date = today();
    startSession(token, user, date);
    setDate(date);
    setState(signedIn(user));
  }, []);

  const login = useCallback(async (username: string, password: string) => {
    // Staff with two-factor sign-in get a challenge instead: no token until the second step.
    const result = await trpcClient.auth.login.mutate({ username, password }).catch((error: unknown) => {
      throw asApiError(error);
    });
    if ('twoFactor' in result) return result.twoFactor;
    // An answer without a token signs no one in: the credentials count as invalid (spec §5).
    if (!result.accessToken) throw ApiError.of('invalidCredentials');
    completeLogin(result.user, result.accessToken);
    return null;
  }, [completeLogin]);

  const logout = useCallback(async () => {
    // The marker goes first: a call refused while the server ends the session is then not taken
    // for a session that ran out (which would bring the person back to this page at the next
    // sign-in, perhaps someone else's on a shared computer). Other tabs sign out with it.
    sessionStore.marker.clear();
    try {
      // End the session on the server; without a token there is none to end there.
      if (sessionStore.accessToken.get()) await trpcClient.auth.logout.mutate();
    } catch {
      // The server may already have ended the session; locally it ends regardless.
    }
    clearSession();
    setState({ status: 'signed-out', quit: true });
  }, []);

  const switchAccount = useCallback((accountId: string) => {
    setState((current) => {
      if (current.status !== 'signed-in') return current;
      const account = current.user.accounts.find((a) => a.id === accountId);
      if (!account) return current;
      sessionStore.accountId.set(account.id);
      return { ...current, account };
    });
  }, []);

  const makeDefault = useCallback(async (accountId: string) => {
    // The default account is the one acted as after the next login.
    await trpcClient.accounts.update.mutate({ id: accountId, changes: { isDefault: true } });
    adopt(await getMe());
  }, [adopt]);

  const setCalendarDate = useCallback((date: string) => {
    sessionStore.selectedDate.set(date);
    setDate(date);
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({ state, login, completeLogin, logout, switchAccount, makeDefault, calendarDate, setCalendarDate }),
    [state, login, completeLogin, logout, switchAccount, makeDefault, calendarDate, setCalendarDate],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
