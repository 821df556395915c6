import { useEffect, useState } from 'react';
import { msUntilEndWarning } from '../visit-timer';
import { useNow } from './use-now';

export type EndWarning =
  | { stage: 'none' }
  /** The visit ends in `minutes`: say so, once. */
  | { stage: 'warning'; minutes: number }
  /** The scheduled end has come: stay or leave within `seconds`. */
  | { stage: 'stayOrLeave'; seconds: number };

/**
 * The end of a visit (spec §4): a warning `warnMinutes` before the appointment's end, then at the
 * end a stay-or-leave prompt counting down `stayOrLeaveSeconds`; with no answer, `onTimeUp` runs
 * (the call leaves). Choosing to stay ends the prompt for this visit.
 */
export function useEndWarning(
  endsAt: string,
  warnMinutes: number,
  stayOrLeaveSeconds: number,
  onTimeUp: () => void,
  active: boolean,
) {
  // The call view renders again each second only from the warning on (not for the whole visit).
  const now = useNow(1000, active, Date.parse(endsAt) - warnMinutes * 60_000);
  const [dismissedWarning, setDismissedWarning] = useState(false);
  const [stayed, setStayed] = useState(false);
  const untilWarning = msUntilEndWarning(endsAt, warnMinutes, now);
  const sinceEnd = now - Date.parse(endsAt);
  const secondsLeft = Math.max(0, stayOrLeaveSeconds - Math.floor(sinceEnd / 1000));

  let warning: EndWarning = { stage: 'none' };
  if (active && !stayed && sinceEnd >= 0) warning = { stage: 'stayOrLeave', seconds: secondsLeft };
  else if (active && !dismissedWarning && untilWarning <= 0 && sinceEnd < 0) {
    warning = { stage: 'warning', minutes: Math.max(1, Math.ceil(-sinceEnd / 60_000)) };
  }

  const timeUp = warning.stage === 'stayOrLeave' && warning.seconds === 0;
  useEffect(() => {
    if (timeUp) onTimeUp();
  }, [timeUp, onTimeUp]);

  return {
    warning,
    dismissWarning: () => setDismissedWarning(true),
    stay: () => setStayed(true),
  };
}
