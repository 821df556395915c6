import { useEffect, useState } from 'react';

/** The time now, updated every `tickMs` while `active`. */
export function useNow(tickMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs, active]);
  return now;
}
