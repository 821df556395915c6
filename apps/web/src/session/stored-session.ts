import type { User } from '@opencare/schemas/entities/user';
import { actingAccount } from './acting-account';
import { today } from './calendar-date';
import type { SessionState } from './session-context';
import { hasSessionMarker, sessionStore } from './session-store';

export function signedIn(user: User): SessionState {
  const account = actingAccount(user, sessionStore.accountId.get());
  // A user without an account cannot act; the server refuses such a login, so treat it as none.
  return account ? { status: 'signed-in', user, account } : { status: 'signed-out' };
}

/**
 * Where a page load starts: this tab's stored user (checked again with the server right after),
 * the server's answer (a token but no user), a refresh (no token, but a session marker: another tab
 * or window is signed in) or signed out. The session provider starts from it, and so does the
 * request for home's data made before the first render (features/home/home-prefetch.ts). The stored
 * user is read through its check: call it once `loadStoredChecks()` has settled (main.tsx).
 */
export function storedSessionState(): SessionState {
  const user = sessionStore.user.get();
  if (sessionStore.accessToken.get()) return user ? signedIn(user) : { status: 'restoring' };
  return hasSessionMarker() ? { status: 'restoring' } : { status: 'signed-out' };
}

/** The calendar's selected date at the start: the remembered one, or today (spec §3). */
export const storedCalendarDate = (): string => sessionStore.selectedDate.get() ?? today();
