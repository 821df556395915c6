import {
  deviceProfileInputSchema,
  TASK_PHASES,
  type DeviceProfile,
  type DeviceTask,
} from '@opencare/schemas/entities/devices';
import type { FieldIssue } from '@opencare/schemas/errors';
import type { DeviceMeasurement } from '@opencare/schemas/lookups';
import type { DeviceProfileBody } from './device-profile-queries';

export type TaskPhase = (typeof TASK_PHASES)[number];
export type TaskAction = DeviceTask['action'];
export type TaskDataType = DeviceTask['dataType'];

/** One task as the builder edits it: text as typed, and a key that stays with it when it moves. */
export interface TaskValues {
  key: string;
  phase: TaskPhase;
  service: string;
  characteristic: string;
  /** Descriptor UUIDs separated by commas or spaces, e.g. "2902, 2901". */
  descriptors: string;
  handle: string;
  uuid: string;
  action: TaskAction;
  writeValue: string;
  dataType: TaskDataType;
  nextAction: string;
}

export interface BuilderValues {
  profileName: string;
  vendorId: string;
  measurement: DeviceMeasurement | '';
  device: string;
  /** Always in phase order (start, task, end); within a phase, the order gateways run them in. */
  tasks: TaskValues[];
}

export const PROFILE_FIELDS = ['profileName', 'vendorId', 'measurement', 'device'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type TaskField = Exclude<keyof TaskValues, 'key' | 'phase'>;

/** Field problems in the schemas' words: the profile's own by field, each task's by its key and field. */
export interface BuilderErrors {
  profile: Partial<Record<ProfileField, string>>;
  tasks: Record<string, Partial<Record<TaskField, string>>>;
}
export const NO_ERRORS: BuilderErrors = { profile: {}, tasks: {} };

let lastKey = 0;
const newKey = () => `task-${(lastKey += 1)}`;

export function newTask(phase: TaskPhase): TaskValues {
  return {
    key: newKey(),
    phase,
    service: '',
    characteristic: '',
    descriptors: '',
    handle: '',
    uuid: '',
    action: 'read',
    writeValue: '',
    dataType: 'hex',
    nextAction: '',
  };
}

const phaseOrder = (phase: TaskPhase) => TASK_PHASES.indexOf(phase);

function taskValuesOf(task: DeviceTask): TaskValues {
  return {
    key: newKey(),
    phase: task.phase,
    service: task.service,
    characteristic: task.characteristic,
    descriptors: task.descriptors.join(', '),
    handle: task.handle === undefined ? '' : String(task.handle),
    uuid: task.uuid ?? '',
    action: task.action,
    writeValue: task.writeValue ?? '',
    dataType: task.dataType,
    nextAction: task.nextAction ?? '',
  };
}

export function builderValuesOf(profile?: DeviceProfile): BuilderValues {
  const tasks = (profile?.tasks ?? []).map(taskValuesOf);
  // A stable sort: tasks saved out of phase order keep their order within each phase.
  tasks.sort((a, b) => phaseOrder(a.phase) - phaseOrder(b.phase));
  return {
    profileName: profile?.profileName ?? '',
    vendorId: profile?.vendorId ?? '',
    measurement: profile?.measurement ?? '',
    device: profile?.device ?? '',
    tasks,
  };
}

const blank = (text: string) => text.trim() === '';

/** The task as the API takes it; a write value travels only with a write task. */
function taskBody(task: TaskValues): Record<string, unknown> {
  return {
    phase: task.phase,
    service: task.service.trim(),
    characteristic: task.characteristic.trim(),
    descriptors: task.descriptors.split(/[\s,]+/).filter((d) => d !== ''),
    ...(blank(task.handle) ? {} : { handle: Number(task.handle) }),
    ...(blank(task.uuid) ? {} : { uuid: task.uuid.trim() }),
    action: task.action,
    ...(task.action === 'write' && task.writeValue !== '' ? { writeValue: task.writeValue } : {}),
    dataType: task.dataType,
    ...(blank(task.nextAction) ? {} : { nextAction: task.nextAction.trim() }),
  };
}

/** What the builder would save, before checking; also what "unsaved changes" compares. */
export function rawBody(values: BuilderValues) {
  return {
    profileName: values.profileName,
    vendorId: values.vendorId || null,
    measurement: values.measurement || null,
    device: blank(values.device) ? null : values.device,
    tasks: values.tasks.map(taskBody),
  };
}

export const sameBody = (a: BuilderValues, b: BuilderValues) =>
  JSON.stringify(rawBody(a)) === JSON.stringify(rawBody(b));

/** Issues with paths ("tasks.2.service"), placed on the builder's fields. */
export function placeIssues(values: BuilderValues, issues: readonly FieldIssue[]): BuilderErrors {
  const errors: BuilderErrors = { profile: {}, tasks: {} };
  for (const { field, message } of issues) {
    const [head, index, name] = field.split('.');
    if (head === 'tasks' && index !== undefined && name !== undefined) {
      const key = values.tasks[Number(index)]?.key;
      const taskField = name as TaskField;
      if (key === undefined) continue;
      const taskErrors = (errors.tasks[key] ??= {});
      taskErrors[taskField] ??= message;
    } else if ((PROFILE_FIELDS as readonly string[]).includes(head ?? '')) {
      errors.profile[head as ProfileField] ??= message;
    }
  }
  return errors;
}

/**
 * The body to save, checked with the server's schema so the builder shows the server's own
 * messages before anything is sent; or the problems, placed on their fields.
 */
export function checkedBody(
  values: BuilderValues,
): { body: DeviceProfileBody; errors: null } | { body: null; errors: BuilderErrors } {
  const raw = rawBody(values);
  // The create schema has no nulls: blanks are left out for the check, and sent as null (cleared).
  const result = deviceProfileInputSchema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null)),
  );
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      message: issue.message,
    }));
    return { body: null, errors: placeIssues(values, issues) };
  }
  const { profileName, tasks } = result.data;
  return {
    body: {
      profileName,
      vendorId: raw.vendorId,
      measurement: raw.measurement,
      device: result.data.device ?? null,
      tasks,
    },
    errors: null,
  };
}

export const hasErrors = (errors: BuilderErrors) =>
  Object.values(errors.profile).some(Boolean) ||
  Object.values(errors.tasks).some((task) => Object.values(task).some(Boolean));

/** Add a task at the end of its phase, keeping the phase order. */
export function addTask(tasks: TaskValues[], phase: TaskPhase): TaskValues[] {
  const task = newTask(phase);
  const after = tasks.findLastIndex((t) => phaseOrder(t.phase) <= phaseOrder(phase));
  return [...tasks.slice(0, after + 1), task, ...tasks.slice(after + 1)];
}

/** Swap a task with its neighbour in the same phase; at the phase's edge nothing moves. */
export function moveTask(tasks: TaskValues[], key: string, direction: -1 | 1): TaskValues[] {
  const index = tasks.findIndex((t) => t.key === key);
  const task = tasks[index];
  const other = tasks[index + direction];
  if (!task || !other || other.phase !== task.phase) return tasks;
  const next = [...tasks];
  next[index] = other;
  next[index + direction] = task;
  return next;
}

export const removeTask = (tasks: TaskValues[], key: string) => tasks.filter((t) => t.key !== key);

export const updateTask = (tasks: TaskValues[], key: string, changes: Partial<TaskValues>) =>
  tasks.map((t) => (t.key === key ? { ...t, ...changes } : t));
