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
