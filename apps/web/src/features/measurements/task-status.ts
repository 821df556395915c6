import { TASK_EARLY_MINUTES } from '@opencare/schemas/constants';
import type { Task, TaskStatus } from '@opencare/schemas/entities/care';

/**
 * A task's status on this screen. The server says overdue after the organisation's overdue
 * minutes (patientManagement.taskOverdueMinutes, what the care team sees); the patient's own
 * screen uses the person's overdueTime preference (spec §3, default 10) instead. Both default to
 * 10 minutes, so they agree unless someone changed one.
 */
export function shownStatus(task: Pick<Task, 'status' | 'dueAt'>, now: Date, overdueMinutes: number): TaskStatus {
  if (task.status !== 'pending' && task.status !== 'overdue') return task.status;
  return now.getTime() > Date.parse(task.dueAt) + overdueMinutes * 60_000 ? 'overdue' : 'pending';
}

/**
 * Whether a task can be taken now: still to do and inside its window, from TASK_EARLY_MINUTES before
 * its time to the overdue limit the server set (overdueAt). Outside it a reading would not complete
 * the task (issue 17 part 6), so the screen does not offer it: a missed task stays missed.
 */
export function canTakeNow(task: Pick<Task, 'status' | 'dueAt' | 'overdueAt'>, now: Date): boolean {
  if (task.status !== 'pending') return false;
  const at = now.getTime();
  return at >= Date.parse(task.dueAt) - TASK_EARLY_MINUTES * 60_000 && at <= Date.parse(task.overdueAt);
}

/** A task still to do whose window has not opened yet: when it opens, as HH:mm on the task's own clock. */
export function opensLater(task: Pick<Task, 'status' | 'dueAt' | 'time'>, now: Date): string | null {
  if (task.status !== 'pending' || now.getTime() >= Date.parse(task.dueAt) - TASK_EARLY_MINUTES * 60_000) return null;
  const [h = 0, m = 0] = task.time.split(':').map(Number);
  const minutes = (((h * 60 + m - TASK_EARLY_MINUTES) % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
