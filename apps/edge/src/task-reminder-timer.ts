import type { Deps } from '@opencare/api/deps';
import { sendTaskReminders } from '@opencare/api/tasks/task-reminders';
import { startPeriodic, type StopPeriodic } from './periodic';

const EVERY_MS = 60 * 1000;

/**
 * Once a minute, the e-mail reminders of schedules that ask for them. Every edge runs this: each
 * reminder is claimed in the database before it is sent, so several edges send it once. The timer
 * never keeps the process alive, and one failed round only waits for the next. A failure is logged
 * by the error's name only: mail errors may carry addresses.
 */
export function startTaskReminderTimer(deps: Deps, everyMs = EVERY_MS): StopPeriodic {
  return startPeriodic(deps, everyMs, 'task reminders failed', () => sendTaskReminders(deps), (error) => ({
    err: (error as Error).name,
  }));
}
