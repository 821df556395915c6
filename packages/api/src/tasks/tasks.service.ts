import type { Permission } from '@opencare/schemas/roles';
import type { CreateTaskInput, DailyTasksQuery, Task, TaskRangeQuery, UpdateTaskInput } from '@opencare/schemas/entities/care';
import type { MeasurementType } from '@opencare/schemas/entities/measurements';
import { REQUIRED } from '@opencare/schemas/rules';
import type { Actor } from '../access/actor';
import type { AccountRecord } from '../accounts/accounts.repository';
import { namedPatient, readablePatient, type Reader } from '../api-keys/integration-reader';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { occurrencesBetween, wallClockInstant, wallClockOf } from '../schedules/schedule-occurrences';
import { activeSchedulesOf } from '../schedules/schedules.repository';
import { settingsOf } from '../settings/settings.service';
import { toTaskDto } from './task.dto';
import {
  completeTask,
  dueTimesOf,
  findTask,
  insertTask,
  insertTasks,
  listTasksBetween,
  pendingTasksOn,
  setTaskStatus,
  type TaskRow,
} from './tasks.repository';

/**
 * Tasks are made from schedules when someone reads them (idempotently: a schedule has one task per
 * due time), so a schedule never needs a job to fill in the future. A schedule makes tasks from the
 * day it was created on (in its own time zone), so a new schedule never brings weeks of missed
 * tasks with it; the first day's earlier times still show, as overdue, for the patient to catch up.
 */
export async function ensureTasks(db: Executor, patientAccountId: string, from: string, to: string): Promise<void> {
  for (const schedule of await activeSchedulesOf(db, patientAccountId)) {
    const firstDay = wallClockOf(schedule.createdAt, schedule.timezone).date;
    const wanted = occurrencesBetween(schedule, from, to).filter((o) => o.date >= firstDay);
    const first = wanted[0];
    const last = wanted.at(-1);
    if (!first || !last) continue;
    const existing = await dueTimesOf(db, schedule.id, first.dueAt, last.dueAt);
    await insertTasks(
      db,
      wanted
        .filter((o) => !existing.has(o.dueAt.getTime()))
        .map((o) => ({
          organisationId: schedule.organisationId,
          patientAccountId,
          scheduleId: schedule.id,
          type: schedule.type,
          dueAt: o.dueAt,
          localDate: o.date,
          meal: schedule.meal,
        })),
    );
  }
}

export function timezoneOf(patient: AccountRecord): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: patient.profile.timezone });
    return patient.profile.timezone;
  } catch {
    return 'UTC';
  }
}

async function overdueMinutesOf(db: Executor, organisationId: string): Promise<number> {
  return (await settingsOf(db, organisationId, 'patientManagement')).taskOverdueMinutes;
}

async function tasksOf(deps: Deps, patient: AccountRecord, from: string, to: string): Promise<Task[]> {
  await ensureTasks(deps.db, patient.account.id, from, to);
  const [rows, overdueMinutes] = await Promise.all([
    listTasksBetween(deps.db, patient.account.id, from, to),
    overdueMinutesOf(deps.db, patient.account.organisationId),
  ]);
  const now = new Date();
  return rows.map((row) => toTaskDto(row, timezoneOf(patient), overdueMinutes, now));
}

const isPatientAccount = (actor: Actor) => actor.accountType === 'pat';

/** A patient's tasks over some days (`GET /tasks`, `GET /tasks/patients/{id}`). Without a patient, the caller's own. */
export async function listTasks(deps: Deps, actor: Actor, meta: RequestMeta, query: TaskRangeQuery): Promise<Task[]> {
  // Someone who is not a patient has no tasks of their own.
  if (!query.patient && !isPatientAccount(actor)) return [];
  const patient = await patientFor(deps, actor, meta, query.patient ?? actor.accountId, 'tasks.list', 'read');
  return tasksOf(deps, patient, query.from, query.to);
}

/**
 * `GET /daily-tasks?date=`: every task of the calendar year of `date` (the patient's today when not
 * given), in time order: the home screen shows a day of them and marks the calendar's days with tasks.
 */
export async function dailyTasks(deps: Deps, reader: Reader, meta: RequestMeta, query: DailyTasksQuery): Promise<Task[]> {
  // Someone signed in who is not a patient has no daily tasks of their own.
  if (reader.kind === 'account' && !query.user_id && !query.patient && !isPatientAccount(reader.actor)) return [];
  const named = namedPatient(reader, query.user_id ?? query.patient);
  if (!named) throw new AppError('validationFailed', { fields: [{ field: 'user_id', message: REQUIRED }] });
  const patient = await readablePatient(deps, reader, meta, named, 'tasks.daily');
  const year = (query.date ?? wallClockOf(new Date(), timezoneOf(patient)).date).slice(0, 4);
  return tasksOf(deps, patient, `${year}-01-01`, `${year}-12-31`);
}

async function taskFor(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string, access: 'read' | 'care', permission: Permission = 'Read') {
  const row = await findTask(deps.db, id);
  if (!row) throw new AppError('notFound');
  const patient = await patientFor(deps, actor, meta, row.patientAccountId, action, access, permission);
  return { row, patient };
}

async function toDto(deps: Deps, row: TaskRow, patient: AccountRecord): Promise<Task> {
  return toTaskDto(row, timezoneOf(patient), await overdueMinutesOf(deps.db, patient.account.organisationId));
}

export async function getTask(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Task> {
  const { row, patient } = await taskFor(deps, actor, meta, id, 'tasks.read', 'read');
  return toDto(deps, row, patient);
}

/** A one-off task a physician or nurse asks a patient to do, at a wall-clock time in the patient's zone. */
export async function createTask(deps: Deps, actor: Actor, meta: RequestMeta, input: CreateTaskInput): Promise<Task> {
  const patient = await patientFor(deps, actor, meta, input.patientId, 'tasks.create', 'care', 'Write');
  const id = await insertTask(deps.db, {
    organisationId: patient.account.organisationId,
    patientAccountId: patient.account.id,
    type: input.type,
    dueAt: wallClockInstant(input.date, input.time, input.timezone ?? timezoneOf(patient)),
    localDate: input.date,
    meal: input.meal ?? null,
  });
  const row = await findTask(deps.db, id);
  if (!row) throw new AppError('notFound');
  return toDto(deps, row, patient);
}

/** Cancel a task (or restore a cancelled one). A completed task keeps its measurement: 409. */
export async function updateTask(deps: Deps, actor: Actor, meta: RequestMeta, id: string, input: UpdateTaskInput): Promise<Task> {
  const { patient } = await taskFor(deps, actor, meta, id, 'tasks.update', 'care', 'Update');
  if (!(await setTaskStatus(deps.db, id, input.status))) throw new AppError('taskNotPending');
  const row = await findTask(deps.db, id);
  if (!row) throw new AppError('notFound');
  return toDto(deps, row, patient);
}

/**
 * The task a reading names, checked before anything is stored: the patient's own, of the reading's
 * type and still pending.
 */
export async function assertTaskFor(db: Executor, patientAccountId: string, type: MeasurementType, taskId: string): Promise<void> {
  const task = await findTask(db, taskId);
  if (!task || task.patientAccountId !== patientAccountId) {
    throw new AppError('validationFailed', { fields: [{ field: 'taskId', message: 'There is no such task.' }] });
  }
  if (task.type !== type) {
    throw new AppError('validationFailed', { fields: [{ field: 'taskId', message: 'This task is for another measurement.' }] });
  }
  if (task.status !== 'pending') throw new AppError('taskNotPending');
}

/** A reading this long before a task's time still counts as that task's (people measure a bit early). */
const EARLY_MS = 60 * 60 * 1000;

/**
 * Completes the task a reading is for, in the reading's transaction: the task it names, or else the
 * patient's pending task of the same type that day that was due most recently before the reading
 * (or is due within the hour after it). So a reading at 19:30 completes the 20:00 task, one at 15:00
 * the missed 08:00 one, and one at 05:00 none. Gateway readings carry no task: they match this way.
 * Null when there is none.
 */
export async function completeTaskFor(
  db: Executor,
  reading: { patientAccountId: string; timezone: string; type: MeasurementType; takenAt: Date; measurementId: string; taskId?: string },
): Promise<{ id: string } | null> {
  if (reading.taskId) {
    if (!(await completeTask(db, reading.taskId, reading.measurementId, reading.takenAt))) throw new AppError('taskNotPending');
    return { id: reading.taskId };
  }
  const day = wallClockOf(reading.takenAt, reading.timezone).date;
  await ensureTasks(db, reading.patientAccountId, day, day);
  const latest = reading.takenAt.getTime() + EARLY_MS;
  const [nearest] = (await pendingTasksOn(db, reading.patientAccountId, reading.type, day))
    .filter((task) => task.dueAt.getTime() <= latest)
    .sort((a, b) => b.dueAt.getTime() - a.dueAt.getTime());
  if (!nearest) return null;
  return (await completeTask(db, nearest.id, reading.measurementId, reading.takenAt)) ? { id: nearest.id } : null;
}
