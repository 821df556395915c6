import { useEffect, useRef } from 'react';
import { useChartBeatMutation } from './care-time-queries';

/** How often the open chart tells the edge it is in use (the edge ends a stretch after 75 s of silence). */
export const BEAT_EVERY_MS = 30_000;
/** No pointer, key, scroll or focus for this long: the clinician is away, and the time is not counted. */
export const AWAY_AFTER_MS = 60_000;

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'focus'] as const;

/**
 * Count the time a physician or nurse has this patient's chart in front of them (issue 19): a beat
 * now and every 30 seconds while the tab is visible and they used it within the last minute. A
 * hidden tab or an idle screen sends nothing, so that time is never counted.
 */
export function useChartTime(patientId: string, counting: boolean): void {
  const { mutate } = useChartBeatMutation();
  const send = useRef(mutate);
  send.current = mutate;

  useEffect(() => {
    if (!counting) return;
    let lastUse = Date.now();
    const used = () => {
      lastUse = Date.now();
    };
    const beat = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastUse < AWAY_AFTER_MS) send.current({ patientId });
    };
    const back = () => {
      if (document.visibilityState !== 'visible') return;
      used();
      beat();
    };
    beat();
    const timer = setInterval(beat, BEAT_EVERY_MS);
    for (const name of ACTIVITY) window.addEventListener(name, used, { passive: true, capture: true });
    document.addEventListener('visibilitychange', back);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, used, { capture: true });
      document.removeEventListener('visibilitychange', back);
    };
  }, [patientId, counting]);
}
