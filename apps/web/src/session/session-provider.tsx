import type { User } from '@opencare/schemas/entities/user';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ApiError } from '../api/api-error';
import {
  getMe,
  login as loginRequest,
  logout as logoutRequest,
  makeDefaultAccount,
  resumeSession,
} from '../api/auth-api';
import { apiEvents } from '../api/client';
import { actingAccount } from './acting-account';
import { today } from './calendar-date';
import { SessionContext, type SessionContextValue, type SessionState } from './session-context';
import { clearSession, hasSessionMarker, SESSION_MARKER_KEY, sessionStore, startSession } from './session-store';

function signedIn(user: User): SessionState {
  const account = actingAccount(user, sessionStore.accountId.get());
  // A user without an account cannot act; the server refuses such a login, so treat it as none.
  return account ? { status: 'signed-in', user, account } : { status: 'signed-out' };
}

/**
 * Where a page load starts: this tab's stored user (checked again with the server right after),
 * the server's answer (a token but no user), a refresh (no token, but a session marker: another tab
 * or window is signed in) or signed out.
 */
function initialState(): SessionState {
  const user = sessionStore.user.get();
  if (sessionStore.accessToken.get()) return user ? signedIn(user) : { status: 'restoring' };
  return hasSessionMarker() ? { status: 'restoring' } : { status: 'signed-out' };
}

interface SessionProviderProps {
  children: ReactNode;
  /** Told when the session ends without the user asking (re-authentication refused). */
  onSessionEnded?: (error: ApiError) => void;
}

export function SessionProvider({ children, onSessionEnded }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>(initialState);
  const [calendarDate, setDate] = useState(() => sessionStore.selectedDate.get() ?? today());

  const adopt = useCallback((user: User) => {
    sessionStore.user.set(user);
    setState(signedIn(user));
  }, []);

  // Restore, or check the stored user is still who the server says (accounts, roles, status).
  useEffect(() => {
    const hasToken = sessionStore.accessToken.get() !== null;
    if (!hasToken && !hasSessionMarker()) return;
    let current = true;
    (hasToken ? getMe() : resumeSession()).then(
      (user) => {
        if (current) adopt(user);
      },
      () => {
        // A refused re-authentication has already ended the session (below). After a network
        // failure a stored user stays signed in, so the app can start offline.
        if (current && !sessionStore.user.get()) setState({ status: 'signed-out' });
      },
    );
    return () => {
      current = false;
    };
  }, [adopt]);

  // The API client ends the session when re-authentication is refused; other tabs end it by logout.
  useEffect(() => {
    const offEnded = apiEvents.sessionEnded.on((error) => {
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
    const result = await loginRequest(username, password);
    if (result.kind === 'two-factor') return result.challenge;
    completeLogin(result.user, result.token);
    return null;
  }, [completeLogin]);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // The server may already have ended the session; locally it ends regardless.
    }
    clearSession();
    setState({ status: 'signed-out' });
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
    await makeDefaultAccount(accountId);
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
