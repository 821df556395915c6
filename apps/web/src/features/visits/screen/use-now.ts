import { useEffect, useState } from 'react';

/** The longest delay a browser's timer takes (about 24.8 days); a later moment is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The time now, updated every `tickMs` while `active`, from the moment `from` on (epoch ms; by
 * default at once). Until then one timer waits for it: a screen that shows something only near a
 * moment does not render again every second before it.
 */
export function useNow(tickMs: number, active = true, from = 0): number {
  const [now, setNow] = useState(() => Date.now());
  const started = now >= from;
  useEffect(() => {
    if (!active) return;
    if (!started) {
      const timer = setTimeout(
        () => setNow(Date.now()),
        Math.min(Math.max(0, from - Date.now()), LONGEST_TIMEOUT_MS),
      );
      return () => clearTimeout(timer);
    }
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs, active, started, from]);
  return now;
}
