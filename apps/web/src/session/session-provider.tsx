import type { User } from '@opencare/schemas/entities/user';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getProfile, getUser, login as loginRequest, logout as logoutRequest } from '../api/auth-api';
import { ApiError } from '../api/client';
import { actingAccount } from './acting-account';
import { SessionContext, type SessionContextValue, type SessionState } from './session-context';
import { accessToken } from './token-store';

function signedIn(user: User, accountId?: string): SessionState {
  const account = actingAccount(user, accountId);
  // A user without an account cannot act; the server refuses such a login, so treat it as none.
  if (!account)
    throw new ApiError(403, 'accountInactive', 'Your account is inactive. Please contact support.');
  return { status: 'signed-in', user, account };
}

/**
 * After a reload the tab still holds its access token: the profile says whose it is and which
 * account they act as (a 401 there is refreshed once by the client), then the user is loaded.
 */
async function restore(): Promise<SessionState> {
  if (!accessToken.get()) return { status: 'signed-out' };
  try {
    const profile = await getProfile();
    return signedIn(await getUser(profile.userId), profile.accountId);
  } catch (error) {
    // Forget the token only when the server refused it; after a network failure a reload may
    // still restore the session.
    if (error instanceof ApiError && error.status !== 0) accessToken.clear();
    return { status: 'signed-out' };
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    accessToken.get() ? { status: 'restoring' } : { status: 'signed-out' },
  );

  useEffect(() => {
    if (state.status !== 'restoring') return;
    let current = true;
    void restore().then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [state.status]);

  const login = useCallback(async (username: string, password: string) => {
    const user = await loginRequest(username, password);
    try {
      setState(signedIn(user));
    } catch (error) {
      accessToken.clear();
      throw error;
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // The server may already have ended the session; locally it ends regardless.
    }
    setState({ status: 'signed-out' });
  }, []);

  const value = useMemo<SessionContextValue>(() => ({ state, login, logout }), [state, login, logout]);
  return <SessionContext value={value}>{children}</SessionContext>;
}
