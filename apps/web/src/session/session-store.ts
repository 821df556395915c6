import { SESSION_MARKER_TTL_MS } from '@opencare/schemas/constants';
import type { Account } from '@opencare/schemas/entities/account';
import type { User } from '@opencare/schemas/entities/user';
import { defaultAccount } from './acting-account';
import { checkedItem, expiringItem, storedItem, storedString } from './stored-item';

/** The localStorage key other tabs watch: its removal is a logout everywhere. */
export const SESSION_MARKER_KEY = 'opencare.session';

/**
 * Where the session lives in the browser (spec §4, Session).
 *
 * The access token, the user with their accounts and the account acted as live in sessionStorage:
 * they survive a reload of this tab, die with it, and are never shared with other tabs. The
 * long-lived refresh token stays in an httpOnly cookie scripts never see. The session marker is in
 * localStorage with a one-day expiry: while it lasts, any tab may trade the cookie for a new access
 * token; once it is gone (logout anywhere, or a day passed) re-authentication is refused.
 */
export const sessionStore = {
  accessToken: storedString('session', 'opencare.accessToken'),
  user: checkedItem('session', 'opencare.user', async () => {
    const { userSchema } = await import('@opencare/schemas/entities/user');
    return (raw): User | null => userSchema.safeParse(raw).data ?? null;
  }),
  /** The account chosen in the account switcher, sent as `x-account-id`. */
  accountId: storedString('session', 'opencare.accountId'),
  marker: expiringItem('local', SESSION_MARKER_KEY, SESSION_MARKER_TTL_MS, (raw) => (raw === true ? true : null)),
  /** The calendar's selected date (YYYY-MM-DD), remembered until logout. */
  selectedDate: storedItem('local', 'opencare.selectedDate', (raw) =>
    typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null,
  ),
  /**
   * Which home this device showed last (patient, clinician, admin, other): not who is signed in,
   * only which home's code a page opening at home starts downloading before the session is known
   * (pages/home-page.tsx). localStorage, so a new tab has it too.
   */
  lastHome: storedString('local', 'opencare.lastHome'),
};

/** What of an account the home's data is chosen by. */
export type AccountHint = Pick<Account, 'id' | 'isDefault' | 'roles'>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The stored user's accounts read without the user's check, which waits for zod (not in the first
 * load): only a hint of which home's data to ask for while the page's code downloads
 * (features/home/home-prefetch.ts), never what is shown; the session provider reads the checked user.
 * A value that is not such a list reads as null; the server checks the token and the account on
 * every call either way.
 */
export const storedAccountsHint = storedItem('session', 'opencare.user', (raw): { accounts: AccountHint[] } | null => {
  if (!isObject(raw) || !Array.isArray(raw.accounts)) return null;
  const accounts = raw.accounts.filter(
    (account): account is AccountHint => isObject(account) && typeof account.id === 'string' && typeof account.isDefault === 'boolean' && isObject(account.roles),
  );
  return { accounts };
});

export function hasSessionMarker(): boolean {
  return sessionStore.marker.get() === true;
}

/** What a login keeps: the token, the user with accounts, the default account, the marker and today. */
export function startSession(token: string, user: User, today: string): void {
  sessionStore.accessToken.set(token);
  sessionStore.user.set(user);
  const account = defaultAccount(user);
  if (account) sessionStore.accountId.set(account.id);
  else sessionStore.accountId.clear();
  sessionStore.marker.set(true);
  sessionStore.selectedDate.set(today);
}

export function clearSession(): void {
  for (const item of Object.values(sessionStore)) item.clear();
}
