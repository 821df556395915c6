import { useEffect, useSyncExternalStore } from 'react';

const POLL_MS = 60_000;

/**
 * A count shown in the navigation (unread mail, open alerts): one number for the whole page, polled
 * once a minute while someone shows it and the page is visible, and fetched again at once through
 * `refresh` when this tab changes it. A count that cannot be fetched keeps its last value: a badge
 * is a hint, and the screen behind it says when it cannot load.
 */
export function polledCount(fetchCount: () => Promise<number>) {
  let count: number | null = null;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;

  function refresh(): void {
    if (listeners.size === 0) return;
    fetchCount().then(
      (value) => {
        if (value === count) return;
        count = value;
        for (const listener of listeners) listener();
      },
      () => undefined,
    );
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    timer ??= setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
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

  /** The count (null until known); `accountId` fetches it again when the acting account changes. */
  function useCount(accountId: string): number | null {
    const value = useSyncExternalStore(subscribe, () => count);
    useEffect(() => {
      refresh();
    }, [accountId]);
    return value;
  }

  return { refresh, useCount };
}
