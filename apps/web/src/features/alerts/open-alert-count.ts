import { useEffect, useSyncExternalStore } from 'react';
import { countOpenAlerts } from './alerts-api';

/**
 * The open-alert count beside the navigation's alerts link: one number for the whole page, polled
 * once a minute while it is shown and the page is visible, and fetched again at once when this tab
 * acknowledges an alert. A count that cannot be fetched keeps its last value (the badge is a hint;
 * the inbox itself says when it cannot load).
 */
const POLL_MS = 60_000;
let count: number | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function emit() {
  for (const listener of listeners) listener();
}

/** Fetch the count now (after an alert was acknowledged). */
export function refreshOpenAlertCount(): void {
  if (listeners.size === 0) return;
  countOpenAlerts().then(
    (value) => {
      if (value === count) return;
      count = value;
      emit();
    },
    () => undefined,
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    if (document.visibilityState === 'visible') refreshOpenAlertCount();
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

/** Open alerts of the acting account's organisation (null until known); `accountId` refetches on a switch. */
export function useOpenAlertCount(accountId: string): number | null {
  const value = useSyncExternalStore(subscribe, () => count);
  useEffect(() => {
    refreshOpenAlertCount();
  }, [accountId]);
  return value;
}
