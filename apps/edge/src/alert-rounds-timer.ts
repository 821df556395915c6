import { runAlertRounds } from '@opencare/api/alerts/alert-rounds';
import type { Deps } from '@opencare/api/deps';
import { startPeriodic, type StopPeriodic } from './periodic';

const EVERY_MS = 60 * 1000;

/**
 * Once a minute, the alert rounds: "no readings" alerts and escalations of unacknowledged ones.
 * Every edge runs this: each alert and each step is claimed in the database, so several edges take
 * it once, and an edge restarted between two rounds finds the steps still due. A failure is logged
 * by the error's name only: mail errors may carry addresses.
 */
export function startAlertRoundsTimer(deps: Deps, everyMs = EVERY_MS): StopPeriodic {
  return startPeriodic(deps, everyMs, 'alert rounds failed', () => runAlertRounds(deps), (error) => ({
    err: (error as Error).name,
  }));
}
