import type { Deps } from '@opencare/api/deps';
import { sendTaskReminders } from '@opencare/api/tasks/task-reminders';

const EVERY_MS = 60 * 1000;

/**
 * Once a minute, the e-mail reminders of schedules that ask for them. Every edge runs this: each
 * reminder is claimed in the database before it is sent, so several edges send it once. The timer
 * never keeps the process alive, and one failed round only waits for the next.
 */
export function startTaskReminderTimer(deps: Deps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendTaskReminders(deps)
      .catch((error: unknown) => deps.log.warn({ err: (error as Error).name }, 'task reminders failed'))
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
