import { SESSION_MARKER_TTL_MS } from '@opencare/schemas/constants';
import { ROLES } from '@opencare/schemas/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeUser } from '../testing/fixtures';
import { clearSession, hasSessionMarker, sessionStore, startSession } from './session-store';
import { loadStoredChecks } from './stored-item';

describe('session store', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps what a login brings: token, accounts, the default account, the marker and the date', () => {
    const other = makeAccount([ROLES.Patient], { isDefault: false });
    const main = makeAccount([ROLES.User], { isDefault: true });
    const user = makeUser([other, main]);

    startSession('token-1', user, '2026-03-02');

    expect(sessionStore.accessToken.get()).toBe('token-1');
    expect(sessionStore.user.get()?.accounts.map((a) => a.id)).toEqual([other.id, main.id]);
    expect(sessionStore.accountId.get()).toBe(main.id);
    expect(sessionStore.selectedDate.get()).toBe('2026-03-02');
    expect(hasSessionMarker()).toBe(true);
  });

  it('lets the session marker expire after one day', () => {
    vi.useFakeTimers();
    startSession('token-1', makeUser([makeAccount([ROLES.Patient])]), '2026-03-02');
    vi.advanceTimersByTime(SESSION_MARKER_TTL_MS - 1000);
    expect(hasSessionMarker()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(hasSessionMarker()).toBe(false);
    expect(localStorage.getItem('opencare.session')).toBeNull();
  });

  it('clears everything on logout', () => {
    startSession('token-1', makeUser([makeAccount([ROLES.Patient])]), '2026-03-02');
    clearSession();
    expect(sessionStore.accessToken.get()).toBeNull();
    expect(sessionStore.user.get()).toBeNull();
    expect(sessionStore.accountId.get()).toBeNull();
    expect(sessionStore.selectedDate.get()).toBeNull();
    expect(hasSessionMarker()).toBe(false);
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('reads a stored user back, once its check is loaded (main.tsx, before the first render)', async () => {
    const user = makeUser([makeAccount([ROLES.Patient])]);
    sessionStorage.setItem('opencare.user', JSON.stringify(user));
    await loadStoredChecks();
    expect(sessionStore.user.get()).toEqual(user);
  });

  it('ignores a stored user that is not a user', async () => {
    sessionStorage.setItem('opencare.user', JSON.stringify({ id: 1 }));
    await loadStoredChecks();
    expect(sessionStore.user.get()).toBeNull();
  });
});
