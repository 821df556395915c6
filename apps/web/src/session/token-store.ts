const KEY = 'opencare.accessToken';

/**
 * The access token lives in sessionStorage: it survives a reload of this tab, dies with the tab,
 * and is never shared with other tabs. The long-lived refresh token stays in an httpOnly cookie.
 */
export const accessToken = {
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      // Blocked storage: the session lasts until the next reload, then the login page asks again.
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
};
