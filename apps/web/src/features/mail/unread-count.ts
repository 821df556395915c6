import { useEffect, useSyncExternalStore } from 'react';
import { fetchUnreadCount } from './mail-api';

/**
 * The unread count shown in the navigation and on the patient's messages tab: one number for the
 * whole page, polled once a minute while someone shows it and the page is visible, and fetched
 * again at once whenever this tab reads or sends mail.
 */
const POLL_MS = 60_000;
let count: number | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function emit() {
  for (const listener of listeners) listener();
}

/** Fetch the count now (after a thread was opened or a message sent). */
export function refreshUnreadCount(): void {
  if (listeners.size === 0) return;
  fetchUnreadCount().then(
    (value) => {
      if (value === count) return;
      count = value;
      emit();
    },
    // A badge that cannot be refreshed keeps its last number; the next poll tries again.
    () => undefined,
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    if (document.visibilityState === 'visible') refreshUnreadCount();
  }, POLL_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
      count = null;
    }
  };
}

/** Unread messages of the acting account (null until known); `accountId` refetches on a switch. */
export function useUnreadCount(accountId: string): number | null {
  const value = useSyncExternalStore(subscribe, () => count);
  useEffect(() => {
    refreshUnreadCount();
  }, [accountId]);
  return value;
}
