import type { Permission } from '@opencare/schemas/roles';
import { TASK_EARLY_MINUTES } from '@opencare/schemas/constants';
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
import { addDays, occurrencesBetween, timeZoneOr, wallClockInstant, wallClockOf } from '../schedules/schedule-occurrences';
import { activeSchedulesOf } from '../schedules/schedules.repository';
import { settingsOf } from '../settings/settings.service';
import { taskAdherence } from './adherence.repository';
import { toTaskDto } from './task.dto';
import {
  completeTasks,
  dueKey,
  dueTimesOf,
  findTask,
  findTasks,
  insertTask,
  insertTasks,
  listTasksBetween,
  pendingTasksDueBetween,
  setTaskStatus,
  type TaskRow,
} from './tasks.repository';

/**
 * Tasks are made from schedules when someone reads them (idempotently: a schedule has one task per
 * due time), so a schedule never needs a job to fill in the future. A schedule makes only the tasks
 * whose window was still open when it was made (due at most the overdue minutes before it): a
 * schedule written in the evening brings no missed morning tasks with it, and one due "now" is
 * still there to do (issue 17 part 6).
 */
export async function ensureTasks(db: Executor, patientAccountId: string, from: string, to: string): Promise<void> {
  await ensureTasksOf(db, [patientAccountId], from, to);
}

/** Patients per round of ensureTasksOf: keeps each statement's parameters well under PostgreSQL's limit. */
const PATIENTS_PER_ROUND = 500;

/**
 * ensureTasks for many patients at once (the patient list, the organisation's adherence): the same
 * few statements whatever their number (issue 20: it was four per patient and schedule, one after
 * another) — their schedules, the overdue limit of each organisation, the tasks already made, and
 * the missing ones in one insert.
 */
async function ensureTasksOf(db: Executor, patientAccountIds: readonly string[], from: string, to: string): Promise<void> {
  for (let i = 0; i < patientAccountIds.length; i += PATIENTS_PER_ROUND) {
    const schedules = await activeSchedulesOf(db, patientAccountIds.slice(i, i + PATIENTS_PER_ROUND));
    if (schedules.length === 0) continue;
    const organisations = [...new Set(schedules.map((s) => s.organisationId))];
    const overdueMinutes = await Promise.all(organisations.map((id) => overdueMinutesOf(db, id)));
    const overdueMsOf = new Map(organisations.map((id, n) => [id, (overdueMinutes[n] ?? 0) * 60_000]));
    const wanted = schedules.flatMap((schedule) => {
      const firstDue = schedule.createdAt.getTime() - (overdueMsOf.get(schedule.organisationId) ?? 0);
      return occurrencesBetween(schedule, from, to)
        .filter((o) => o.dueAt.getTime() >= firstDue)
        .map((o) => ({ schedule, o }));
    });
    if (wanted.length === 0) continue;
    const times = wanted.map(({ o }) => o.dueAt.getTime());
    const existing = await dueTimesOf(
      db,
      schedules.map((s) => s.id),
      new Date(times.reduce((a, b) => Math.min(a, b))),
      new Date(times.reduce((a, b) => Math.max(a, b))),
    );
    await insertTasks(
      db,
      wanted
        .filter(({ schedule, o }) => !existing.has(dueKey(schedule.id, o.dueAt)))
        .map(({ schedule, o }) => ({
          organisationId: schedule.organisationId,
          patientAccountId: schedule.patientAccountId,
          scheduleId: schedule.id,
          type: schedule.type,
          dueAt: o.dueAt,
          localDate: o.date,
          meal: schedule.meal,
        })),
    );
  }
}

/**
 * The tasks of some patients for a period of instants (adherence, the patient list): made before
 * they are counted, or a task nobody looked at would be missing rather than missed and adherence
 * would look better than it is. A day either side covers every time zone.
 */
export async function ensureTasksOver(db: Executor, patientAccountIds: readonly string[], from: Date, to: Date): Promise<void> {
  const DAY_MS = 86_400_000;
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  await ensureTasksOf(db, patientAccountIds, day(from.getTime() - DAY_MS), day(to.getTime() + DAY_MS));
}

export function timezoneOf(patient: AccountRecord): string {
  return timeZoneOr(patient.profile.timezone, 'UTC');
}

export async function overdueMinutesOf(db: Executor, organisationId: string): Promise<number> {
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

/**
 * A patient's adherence over the tasks due in [since, now], by the window rule (adherence.repository.ts).
 * The tasks are made first (they are made on read), so a period nobody looked at still counts.
 */
export async function adherenceOfPatient(db: Executor, patient: AccountRecord, since: Date, now: Date) {
  const zone = timezoneOf(patient);
  const [overdueMinutes] = await Promise.all([
    overdueMinutesOf(db, patient.account.organisationId),
    ensureTasks(db, patient.account.id, addDays(wallClockOf(since, zone).date, -1), wallClockOf(now, zone).date),
  ]);
  return taskAdherence(db, patient.account.id, since, now, { overdueMinutes, now });
}

const isPatientAccount = (actor: Actor) => actor.accountType === 'pat';

/** A patient's tasks over some days (`GET /tasks`, `GET /tasks/patients/{id}`). Without a patient, the caller's own. */
export async function listTasks(deps: Deps, actor: Actor, meta: RequestMeta, query: TaskRangeQuery): Promise<Task[]> {
  // Someone who is not a patient has no tasks of their own.
  if (!query.patient && !isPatientAccount(actor)) return [];
  const patient = await patientFor(deps, actor, meta, query.patient ?? actor.accountId, 'tasks.list', 'read', 'Read', 'readings');
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
  const patient = await readablePatient(deps, reader, meta, named, 'tasks.daily', 'Read', 'readings');
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

const EARLY_MS = TASK_EARLY_MINUTES * 60_000;

/** Whether an instant falls in a task's window: from the early margin before its time to its overdue limit. */
export function inTaskWindow(dueAt: Date, at: Date, overdueMinutes: number): boolean {
  const t = at.getTime();
  return t >= dueAt.getTime() - EARLY_MS && t <= dueAt.getTime() + overdueMinutes * 60_000;
}

/** A reading just stored, as task completion sees it. */
export interface ReadingForTask {
  type: MeasurementType;
  takenAt: Date;
  measurementId: string;
  /** The task the reading names (typed readings); gateway readings name none. */
  taskId?: string;
}

/** A patient's readings just stored, as task completion sees them. */
export interface PatientReadingsForTasks {
  patient: { patientAccountId: string; organisationId: string; timezone: string };
  readings: readonly ReadingForTask[];
}

/**
 * Completes the tasks readings are for, in the readings' transaction, but only a task whose window
 * a reading was taken in (TASK_EARLY_MINUTES before its time to the organisation's overdue limit):
 * an evening reading never ticks off the morning's missed task (issue 17 part 6). The task a
 * reading names, when the reading is in its window; otherwise the patient's pending task of the
 * type whose window holds the reading, the earliest due first (it closes first), each task taken by
 * the first reading of the batch that fits it. Gateway readings name no task: they match this way.
 * A reading outside every window is kept and completes nothing. The readings of many patients
 * (the shared writer's transaction, issue 20) take the same handful of statements as one
 * patient's: the tasks of their days made once, the named and the pending ones read once, all
 * completed at once. Answers the task each reading completed, by measurement id.
 */
export async function completeTasksFor(db: Executor, batches: readonly PatientReadingsForTasks[]): Promise<Map<string, string>> {
  const spans = batches
    .filter(({ readings }) => readings.length > 0)
    .map(({ patient, readings }) => {
      const times = readings.map((r) => r.takenAt.getTime());
      const day = (at: number) => wallClockOf(new Date(at), patient.timezone).date;
      const first = times.reduce((a, b) => Math.min(a, b));
      const last = times.reduce((a, b) => Math.max(a, b));
      // A window can cross midnight: the days from the one before the first reading to the one after the last.
      return { patient, readings, first, last, from: addDays(day(first), -1), to: addDays(day(last), 1) };
    });
  if (spans.length === 0) return new Map();
  // One range of days for all (each patient's is inside it): a task made a day early is made on read anyway.
  const from = spans.map((s) => s.from).reduce((a, b) => (a < b ? a : b));
  const to = spans.map((s) => s.to).reduce((a, b) => (a > b ? a : b));
  const makeTasks = (of: typeof spans) => (of.length === 0 ? undefined : ensureTasksOf(db, of.map((s) => s.patient.patientAccountId), from, to));
  // A gateway's batch names no task: its days' tasks are made while the overdue limits and the
  // named tasks are read. A typed reading names its task, which exists: nothing to make unless it
  // falls outside its window.
  const namesNone = (span: (typeof spans)[number]) => span.readings.every((r) => !r.taskId);
  const organisations = [...new Set(spans.map((s) => s.patient.organisationId))];
  const [overdue, namedTasks] = await Promise.all([
    Promise.all(organisations.map((id) => overdueMinutesOf(db, id))),
    findTasks(db, [...new Set(spans.flatMap((s) => s.readings.flatMap((r) => (r.taskId ? [r.taskId] : []))))]),
    makeTasks(spans.filter(namesNone)),
  ]);
  const overdueByOrganisation = new Map(organisations.map((id, i) => [id, overdue[i] ?? 0]));
  const overdueOf = (span: (typeof spans)[number]) => overdueByOrganisation.get(span.patient.organisationId) ?? 0;

  const chosen: { id: string; measurementId: string; at: Date }[] = [];
  const named = new Set<string>();
  const unnamed = spans.map((span) => {
    const left: ReadingForTask[] = [];
    for (const reading of span.readings) {
      const task = reading.taskId ? namedTasks.get(reading.taskId) : undefined;
      if (task && !named.has(task.id) && inTaskWindow(task.dueAt, reading.takenAt, overdueOf(span))) {
        chosen.push({ id: task.id, measurementId: reading.measurementId, at: reading.takenAt });
        named.add(task.id);
      } else left.push(reading);
    }
    return { span, left };
  }).filter(({ left }) => left.length > 0);

  if (unnamed.length > 0) {
    await makeTasks(unnamed.map(({ span }) => span).filter((span) => !namesNone(span)));
    // One read for every patient: the window rule below keeps each reading to its own patient's tasks.
    const pending = await pendingTasksDueBetween(
      db,
      unnamed.map(({ span }) => span.patient.patientAccountId),
      [...new Set(unnamed.flatMap(({ left }) => left.map((r) => r.type)))],
      new Date(Math.min(...unnamed.map(({ span }) => span.first - overdueOf(span) * 60_000))),
      new Date(Math.max(...unnamed.map(({ span }) => span.last)) + EARLY_MS),
    );
    const taken = new Set(named);
    for (const { span, left } of unnamed) {
      for (const reading of left) {
        const task = pending.find(
          (t) =>
            !taken.has(t.id) &&
            t.patientAccountId === span.patient.patientAccountId &&
            t.type === reading.type &&
            inTaskWindow(t.dueAt, reading.takenAt, overdueOf(span)),
        );
        if (!task) continue;
        taken.add(task.id);
        chosen.push({ id: task.id, measurementId: reading.measurementId, at: reading.takenAt });
      }
    }
  }

  const completed = await completeTasks(db, chosen);
  // The task a reading named was done meanwhile: the reading is refused with it (409).
  for (const id of named) if (!completed.has(id)) throw new AppError('taskNotPending');
  return new Map(chosen.filter((c) => completed.has(c.id)).map((c) => [c.measurementId, c.id]));
}
