import { z } from 'zod';
import { accountTypeSchema } from '../lookups';
import { refineRoleFitsAccountType, roleNameSchema } from '../roles';
import { languageSchema } from '../preferences';
import {
  REQUIRED,
  adultDateOfBirthSchema,
  dateSchema,
  emailSchema,
  matchingRetype,
  optionalText,
  passwordSchema,
  phoneSchema,
  requiredOr,
  text,
  usernameSchema,
  uuidSchema,
} from '../rules';
import { invitationStatusSchema } from '../statuses';
import { mealSchema, measurementTypeSchema } from './measurements';

/** Invitation of spec §3. */
export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleNameSchema,
  accountType: accountTypeSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  status: invitationStatusSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;
export const createInvitationInputSchema = z.strictObject({
  email: emailSchema,
  role: roleNameSchema.exclude(['Super']),
  accountType: accountTypeSchema,
  expiresInDays: z.number().int().min(1).max(30).default(7),
}).superRefine(refineRoleFitsAccountType);

export const updateInvitationInputSchema = z.strictObject({
  role: roleNameSchema.exclude(['Super']).optional(),
  accountType: accountTypeSchema.optional(),
  expiresInDays: z.number().int().min(1).max(30).optional(),
}).superRefine(refineRoleFitsAccountType);
export const invitationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: invitationStatusSchema.optional(),
});
export type InvitationListQuery = z.infer<typeof invitationListQuerySchema>;

/** What the invitee sees before accepting. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: roleNameSchema,
  accountType: accountTypeSchema,
  organisationName: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Accepting an invitation: the invitee chooses a username and password and gives their name (spec §5: 18 or older). */
export const completeInvitationInputSchema = z
  .strictObject({
    token: z.string({ error: requiredOr('Token must be text.') }).trim().min(1, REQUIRED).max(256),
    username: usernameSchema,
    password: passwordSchema,
    passwordConfirmation: z.string({ error: REQUIRED }),
    firstName: text('First name', 50),
    middleName: optionalText('Middle name', 50),
    lastName: text('Last name', 50),
    dateOfBirth: adultDateOfBirthSchema,
    phone: phoneSchema.optional(),
    preferredLanguage: languageSchema.optional(),
    termsAccepted: z.literal(true, 'Please accept the terms and conditions.'),
  })
  .superRefine(matchingRetype([['password', 'passwordConfirmation', 'Password']]));
export type CompleteInvitationInput = z.infer<typeof completeInvitationInputSchema>;

/**
 * Measurement schedules (spec §3) and the daily tasks they generate. A schedule says when a patient
 * takes a measurement; each occurrence is a task, completed by taking that measurement.
 */
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly', 'specificDays'] as const;
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const timeOfDay = z.string({ error: requiredOr('Enter a time as HH:mm.') }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:mm.');

/** An IANA time zone name this runtime knows (e.g. America/New_York). */
export const timeZoneSchema = z
  .string({ error: requiredOr('Choose a valid time zone.') })
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone.length > 0;
    } catch {
      return false;
    }
  }, 'Choose a valid time zone.');

const hasDuplicates = (list: readonly string[]) => new Set(list).size !== list.length;

/**
 * A new schedule for a patient. Times are wall-clock times in `timezone` (the patient's own when not
 * given), so 08:00 stays 08:00 across daylight-saving changes. Weekly and biweekly repeat on `days`,
 * or on the start date's weekday when none are given; monthly on the start date's day of the month.
 */
export const measurementScheduleSchema = z
  .strictObject({
    patientId: uuidSchema,
    type: measurementTypeSchema,
    startDate: dateSchema,
    endDate: dateSchema.nullable().optional(),
    frequency: z.enum(SCHEDULE_FREQUENCIES, 'Choose how often.'),
    days: z.array(z.enum(WEEKDAYS, 'Choose a day of the week.')).max(7).default([]),
    times: z.array(timeOfDay).min(1, 'Enter at least one time.').max(12, 'Enter at most 12 times.').default(['09:00']),
    timezone: timeZoneSchema.optional(),
    notifyByEmail: z.boolean().default(false),
    meal: mealSchema.optional(),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (s.frequency === 'specificDays' && s.days.length === 0) issue('days', 'Choose at least one day.');
    if ((s.frequency === 'daily' || s.frequency === 'monthly') && s.days.length > 0) {
      issue('days', 'Days apply only to weekly, biweekly or specific days.');
    }
    if (hasDuplicates(s.days)) issue('days', 'Choose each day once.');
    if (hasDuplicates(s.times)) issue('times', 'Enter each time once.');
    if (s.meal && s.type !== 'bs') issue('meal', 'Only blood sugar is taken before or after a meal.');
    if (s.endDate && s.endDate < s.startDate) issue('endDate', 'The end date cannot be before the start date.');
  });
export type MeasurementScheduleInput = z.infer<typeof measurementScheduleSchema>;

/**
 * What may change on a schedule: notification and end date. A new rhythm is a new schedule (end
 * this one, create the next), so the tasks already due keep the rule they were made by.
 */
export const updateScheduleInputSchema = z
  .strictObject({ notifyByEmail: z.boolean().optional(), endDate: dateSchema.nullable().optional() })
  .refine((s) => s.notifyByEmail !== undefined || s.endDate !== undefined, 'Change at least one field.');
export type UpdateScheduleInput = z.infer<typeof updateScheduleInputSchema>;

/** The patient's own switch for a schedule's e-mail reminders (their care plan stays the clinicians'). */
export const scheduleRemindersInputSchema = z.strictObject({ notifyByEmail: z.boolean({ error: 'Choose on or off.' }) });
export type ScheduleRemindersInput = z.infer<typeof scheduleRemindersInputSchema>;

export const scheduleSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  type: measurementTypeSchema,
  startDate: z.string(),
  endDate: z.string().nullable(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  days: z.array(z.enum(WEEKDAYS)),
  times: z.array(z.string()),
  timezone: z.string(),
  notifyByEmail: z.boolean(),
  meal: mealSchema.nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  /** When the next task falls due (and, with e-mail on, its reminder goes); null once the schedule has no more. */
  nextDueAt: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

const page = z.coerce.number().int().min(1).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);

export const scheduleListQuerySchema = z.strictObject({
  patient: uuidSchema.optional(),
  /** Ended (deleted) schedules too. */
  all: z.enum(['true', 'false']).default('false'),
  page,
  pageSize,
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuerySchema>;

/** Stored statuses and the derived one: a pending task is overdue a set number of minutes after its time. */
export const TASK_STATUSES = ['pending', 'overdue', 'complete', 'cancelled'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  scheduleId: z.uuid().nullable(),
  type: measurementTypeSchema,
  /** The patient's calendar day of the task (YYYY-MM-DD). */
  date: z.string(),
  /** Its wall-clock time that day, HH:mm in the schedule's time zone. */
  time: z.string(),
  dueAt: z.string(),
  /** When a still pending task counts as overdue (the organisation's overdue minutes after dueAt). */
  overdueAt: z.string(),
  meal: mealSchema.nullable(),
  status: taskStatusSchema,
  completedAt: z.string().nullable(),
  measurementId: z.uuid().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * `GET /daily-tasks?date=`: the tasks of the whole calendar year of `date` (today when not given),
 * sorted by time (spec §7 second source). `user_id` (or `patient`) names the patient.
 */
export const dailyTasksQuerySchema = z.strictObject({
  date: dateSchema.optional(),
  user_id: uuidSchema.optional(),
  patient: uuidSchema.optional(),
});
export type DailyTasksQuery = z.infer<typeof dailyTasksQuerySchema>;

/** At most a year of a patient's tasks at once. */
export const TASK_RANGE_MAX_DAYS = 366;
export const taskRangeQuerySchema = z
  .strictObject({ from: dateSchema, to: dateSchema, patient: uuidSchema.optional() })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date cannot be before the start date.' });
    else if (days >= TASK_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Ask for at most 366 days at once.' });
  });
export type TaskRangeQuery = z.infer<typeof taskRangeQuerySchema>;

/** A one-off task outside any schedule (a provider asks for one reading). */
export const createTaskInputSchema = z
  .strictObject({
    patientId: uuidSchema,
    type: measurementTypeSchema,
    date: dateSchema,
    time: timeOfDay,
    timezone: timeZoneSchema.optional(),
    meal: mealSchema.optional(),
  })
  .refine((t) => !t.meal || t.type === 'bs', { path: ['meal'], message: 'Only blood sugar is taken before or after a meal.' });
export type CreateTaskInput = z.infer<typeof createTaskInputSchema>;

/** Providers cancel a task (or restore a cancelled one); completing is done by taking the measurement. */
export const updateTaskInputSchema = z.strictObject({ status: z.enum(['pending', 'cancelled'], 'Choose pending or cancelled.') });
export type UpdateTaskInput = z.infer<typeof updateTaskInputSchema>;
