import type { Task, TaskStatus } from '@opencare/schemas/entities/care';
import { measurementTypeSchema } from '@opencare/schemas/entities/measurements';
import { wallClockOf } from '../schedules/schedule-occurrences';
import type { TaskRow } from './tasks.repository';

/** Overdue is derived, never stored: a pending task past its time plus the overdue minutes. */
export function statusOf(row: Pick<TaskRow, 'status' | 'dueAt'>, now: Date, overdueMinutes: number): TaskStatus {
  if (row.status !== 'pending') return row.status;
  return now.getTime() > row.dueAt.getTime() + overdueMinutes * 60_000 ? 'overdue' : 'pending';
}

export function toTaskDto(row: TaskRow, patientTimezone: string, overdueMinutes: number, now = new Date()): Task {
  return {
    id: row.id,
    patientId: row.patientAccountId,
    scheduleId: row.scheduleId,
    type: measurementTypeSchema.parse(row.type),
    date: row.localDate,
    time: wallClockOf(row.dueAt, row.timezone ?? patientTimezone).time,
    dueAt: row.dueAt.toISOString(),
    overdueAt: new Date(row.dueAt.getTime() + overdueMinutes * 60_000).toISOString(),
    meal: row.meal,
    status: statusOf(row, now, overdueMinutes),
    completedAt: row.completedAt?.toISOString() ?? null,
    measurementId: row.measurementId,
  };
}
