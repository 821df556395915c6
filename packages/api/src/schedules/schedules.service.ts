import type { Permission } from '@opencare/schemas/roles';
import type {
  MeasurementScheduleInput,
  Schedule,
  ScheduleListQuery,
  ScheduleRemindersInput,
  UpdateScheduleInput,
} from '@opencare/schemas/entities/care';
import { WEEKDAYS, type Weekday } from '@opencare/schemas/entities/care';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { measurementTypeSchema } from '@opencare/schemas/entities/measurements';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor, type PatientAccess } from '../patients/patient-access';
import { addDays, occurrencesBetween } from './schedule-occurrences';
import { deletePendingTasks } from '../tasks/tasks.repository';
import { timezoneOf } from '../tasks/tasks.service';
import { findSchedule, insertSchedule, listSchedules as listScheduleRows, updateSchedule as updateScheduleRow, type ScheduleRow } from './schedules.repository';

const isWeekday = (day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day);

/** Far enough ahead for the sparsest rule (monthly), from yesterday so every time zone's today is in. */
const NEXT_DUE_WINDOW_DAYS = 40;

/** The schedule's next due time after `now`, or null when it has ended or makes no more tasks. */
function nextDueAt(row: ScheduleRow, now: Date): string | null {
  if (!row.active) return null;
  const today = now.toISOString().slice(0, 10);
  const next = occurrencesBetween(row, addDays(today, -1), addDays(today, NEXT_DUE_WINDOW_DAYS)).find((o) => o.dueAt > now);
  return next?.dueAt.toISOString() ?? null;
}

function toDto(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    patientId: row.patientAccountId,
    type: measurementTypeSchema.parse(row.type),
    startDate: row.startDate,
    endDate: row.endDate,
    frequency: row.frequency,
    days: row.days.filter(isWeekday),
    times: row.times,
    timezone: row.timezone,
    notifyByEmail: row.notifyByEmail,
    meal: row.meal,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    nextDueAt: nextDueAt(row, new Date()),
  };
}

/** A physician or nurse of the patient's organisation sets a measurement schedule. */
export async function createSchedule(deps: Deps, actor: Actor, meta: RequestMeta, input: MeasurementScheduleInput): Promise<Schedule> {
  const patient = await patientFor(deps, actor, meta, input.patientId, 'schedules.create', 'care', 'Write');
  const row = await insertSchedule(deps.db, {
    organisationId: patient.account.organisationId,
    patientAccountId: patient.account.id,
    type: input.type,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    frequency: input.frequency,
    days: input.days,
    times: [...input.times].sort(),
    timezone: input.timezone ?? timezoneOf(patient),
    notifyByEmail: input.notifyByEmail,
    meal: input.meal ?? null,
    createdByAccountId: actor.accountId,
  });
  return toDto(row);
}

/** A patient's schedules, current ones unless `all`; without a patient, the caller's own. */
export async function listSchedules(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: ScheduleListQuery,
): Promise<{ items: Schedule[]; meta: ListMeta }> {
  if (!query.patient && actor.accountType !== 'pat') return { items: [], meta: listMeta(0, query.page, query.pageSize) };
  const patient = await patientFor(deps, actor, meta, query.patient ?? actor.accountId, 'schedules.list', 'read');
  const { rows, total } = await listScheduleRows(deps.db, patient.account.id, query.all === 'false', query.page, query.pageSize);
  return { items: rows.map(toDto), meta: listMeta(total, query.page, query.pageSize) };
}

async function scheduleFor(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string, access: PatientAccess, permission: Permission = 'Read') {
  const row = await findSchedule(deps.db, id);
  if (!row) throw new AppError('notFound');
  await patientFor(deps, actor, meta, row.patientAccountId, action, access, permission);
  return row;
}

export async function getSchedule(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Schedule> {
  return toDto(await scheduleFor(deps, actor, meta, id, 'schedules.read', 'read'));
}

/**
 * Changes notification or the end date. Tasks after a new end date go, unless already done; an ended
 * schedule stays as it was (its tasks are the patient's history).
 */
export async function updateSchedule(deps: Deps, actor: Actor, meta: RequestMeta, id: string, input: UpdateScheduleInput): Promise<Schedule> {
  const row = await scheduleFor(deps, actor, meta, id, 'schedules.update', 'care', 'Update');
  if (!row.active) throw new AppError('scheduleEnded');
  if (input.endDate && input.endDate < row.startDate) {
    throw new AppError('validationFailed', { fields: [{ field: 'endDate', message: 'The end date cannot be before the start date.' }] });
  }
  return deps.db.transaction(async (tx) => {
    const updated = await updateScheduleRow(tx, id, input);
    if (input.endDate) await deletePendingTasks(tx, id, { date: input.endDate });
    return toDto(updated);
  });
}

/**
 * The patient turns a schedule's e-mail reminders on or off for themself (the rest of the schedule is
 * their care team's). A clinician changes it with the schedule (`updateSchedule`).
 */
export async function setScheduleReminders(deps: Deps, actor: Actor, meta: RequestMeta, id: string, input: ScheduleRemindersInput): Promise<Schedule> {
  const row = await scheduleFor(deps, actor, meta, id, 'schedules.reminders', 'self');
  if (!row.active) throw new AppError('scheduleEnded');
  return toDto(await updateScheduleRow(deps.db, id, { notifyByEmail: input.notifyByEmail }));
}

/**
 * Ends a schedule (`DELETE`): it makes no more tasks and its pending future tasks go; the tasks
 * already due stay, done or missed, as the patient's record.
 */
export async function endSchedule(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Schedule> {
  const row = await scheduleFor(deps, actor, meta, id, 'schedules.end', 'care', 'Update');
  if (!row.active) return toDto(row);
  return deps.db.transaction(async (tx) => {
    const ended = await updateScheduleRow(tx, id, { active: false });
    await deletePendingTasks(tx, id, { instant: new Date() });
    return toDto(ended);
  });
}
