import { z } from 'zod';
import { DEFAULT_OVERDUE_MINUTES, PASSWORD_MIN_LENGTH } from '../constants';
import { callEngineSchema, languageSchema } from '../preferences';
import { emailSchema, optionalText, text, uuidSchema } from '../rules';
import { MEASUREMENT_TYPES, type MeasurementType, type RangeClass } from './measurements';

/**
 * The system areas of the admin dashboard (spec §2), each a set of settings persisted per
 * organisation and read by the rest of the product. Every field has a default, so an organisation
 * that never opened an area still behaves sensibly.
 */

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour).');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const timezoneSchema = z
  .string()
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone.length > 0;
    } catch {
      return false;
    }
  }, 'Choose a valid time zone.');

/** A logo small enough to travel inside the public branding response. */
export const LOGO_MAX_BYTES = 100 * 1024;
const logoSchema = z
  .string()
  .regex(
    /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/,
    'Upload a PNG, JPEG, WebP or SVG image.',
  )
  .refine(
    (url) => Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4) <= LOGO_MAX_BYTES,
    'The logo must be 100 KB or smaller.',
  );

export const organizationSettingsSchema = z.strictObject({
  name: text('Organization name', 100),
  timezone: timezoneSchema,
  logo: logoSchema.nullable(),
  contactEmail: emailSchema.nullable(),
  contactPhone: optionalText('Contact phone', 30).nullable(),
});

export const securitySettingsSchema = z.strictObject({
  /** A session unused this long must sign in again. */
  sessionTimeoutMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  /** The password policy: the spec's character rules always apply; this can only lengthen them. */
  passwordMinLength: z.number().int().min(PASSWORD_MIN_LENGTH).max(64),
  /** Two-factor sign-in for every staff member; administrators need it whatever this says. */
  twoFactorForAllStaff: z.boolean(),
});

export const telemedicineSettingsSchema = z.strictObject({
  defaultCallEngine: callEngineSchema,
  /** How early before its start a visit may be joined. */
  joinEarlyMinutes: z.number().int().min(0).max(60),
  /** The warning that a visit ends in N minutes. */
  endWarningMinutes: z.number().int().min(1).max(30),
  /** Then the countdown to stay or leave, in seconds. */
  stayOrLeaveSeconds: z.number().int().min(10).max(300),
  /** Patients and guests wait until a clinician lets them in (false: they enter the call at once). */
  admitRequired: z.boolean(),
});

export const appointmentSettingsSchema = z
  .strictObject({
    slotStepMinutes: z.union([5, 10, 15, 20, 30, 45, 60].map((n) => z.literal(n))),
    workdayStart: timeOfDay,
    workdayEnd: timeOfDay,
    /** 0 Sunday … 6 Saturday. */
    workingDays: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one working day.').max(7),
    /** The most open appointments (scheduled, confirmed, rescheduled) one patient may hold still to come. */
    maxOpenAppointmentsPerPatient: z.number().int().min(1).max(100),
  })
  .refine((s) => minutesOf(s.workdayEnd) > minutesOf(s.workdayStart), {
    path: ['workdayEnd'],
    message: 'The working day must end after it starts.',
  });

/** The types and classes a clinic may write advice for: every type with limits, every class out of range. */
export const ADVICE_TYPES = MEASUREMENT_TYPES.filter((type): type is Exclude<MeasurementType, 'camera'> => type !== 'camera');
export const ADVICE_CLASSES = ['lowest', 'elevated', 'high', 'highest'] as const satisfies readonly RangeClass[];
export const READING_ADVICE_MAX = 500;
/**
 * What the patient reads after a reading of a type lands in a class, in the clinic's own words
 * (e.g. "Rest 5 minutes and measure again; if above 180/120 with symptoms, call 911"). A class
 * without advice says nothing beyond its range.
 */
export const readingAdviceSchema = z.partialRecord(
  z.enum(ADVICE_TYPES),
  z.partialRecord(z.enum(ADVICE_CLASSES), text('Advice', READING_ADVICE_MAX)),
);
export type ReadingAdvice = z.infer<typeof readingAdviceSchema>;

export const patientManagementSettingsSchema = z.strictObject({
  /** A daily task is overdue this many minutes after its time. */
  taskOverdueMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** New patients' medical record numbers start with this. */
  mrnPrefix: z.string().regex(/^[A-Z0-9-]{1,10}$/, 'Use 1 to 10 capital letters, digits or hyphens.'),
  readingAdvice: readingAdviceSchema,
  /** Patients who sign up themselves wait for a member of staff to approve them before they join the patient list (issue 19). */
  approveSelfSignups: z.boolean(),
});

export const systemSettingsSchema = z.strictObject({
  /** The language of the sign-in screen and of new users until they choose one. */
  defaultLanguage: languageSchema,
  /** Shown to every signed-in user at the top of the app while set. */
  maintenanceMessage: optionalText('Maintenance message', 280).nullable(),
});

export const systemManagementSettingsSchema = z.strictObject({
  /** Client error reports older than this are deleted. */
  errorLogRetentionDays: z.number().int().min(1).max(365),
});

export const reportingSettingsSchema = z.strictObject({
  /** The period the reports cover, in days back from today. */
  reportPeriodDays: z.union([7, 30, 90, 365].map((n) => z.literal(n))),
  /** Task adherence at or above this counts as on target. */
  adherenceTargetPercent: z.number().int().min(0).max(100),
});

/**
 * The billing area keeps no values of its own: codes and their thresholds are one table the
 * organisation edits (billing codes, issue 19), which the monthly report, the chart and the area's
 * summary all read. A value stored by an older version (rpmMinimumDays) is no longer read.
 */
export const billingSettingsSchema = z.strictObject({});

/** The most minutes an alert may wait before it escalates: a week (more is no escalation at all). */
export const ESCALATION_MINUTES_MAX = 7 * 24 * 60;
const escalationMinutes = z
  .number('Enter a number of minutes.')
  .int('Enter whole minutes.')
  .min(0, 'Minutes cannot be negative.')
  .max(ESCALATION_MINUTES_MAX, `Enter at most ${ESCALATION_MINUTES_MAX} minutes (a week).`);

/**
 * Which minutes apply to an alert: its worst range class, or `noReadings` for a patient whose
 * readings stopped. The field of each in the alerts area (0 = that level never escalates).
 */
export const ESCALATION_MINUTES_FIELDS = {
  highest: 'escalateHighestMinutes',
  high: 'escalateHighMinutes',
  lowest: 'escalateLowestMinutes',
  elevated: 'escalateElevatedMinutes',
  noReadings: 'escalateNoReadingsMinutes',
} as const;
export type EscalationLevel = keyof typeof ESCALATION_MINUTES_FIELDS;

export const alertSettingsSchema = z.strictObject({
  /** Minutes an unacknowledged alert waits before each escalation step (assignee, primary provider, on-call). */
  escalateHighestMinutes: escalationMinutes,
  escalateHighMinutes: escalationMinutes,
  escalateLowestMinutes: escalationMinutes,
  escalateElevatedMinutes: escalationMinutes,
  escalateNoReadingsMinutes: escalationMinutes,
  /** The last step of an escalation: physicians, nurses or assistants of the organisation. */
  onCall: z
    .array(uuidSchema)
    .max(20, 'Choose at most 20 people on call.')
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each person once.'),
  /** A patient with a schedule and no reading for this many days gets a "no readings" alert (0 = never). */
  noReadingsDays: z.number('Enter a number of days.').int('Enter whole days.').min(0, 'Days cannot be negative.').max(90, 'Enter at most 90 days.'),
});

export const SETTINGS_SCHEMAS = {
  organization: organizationSettingsSchema,
  security: securitySettingsSchema,
  telemedicine: telemedicineSettingsSchema,
  appointmentManagement: appointmentSettingsSchema,
  patientManagement: patientManagementSettingsSchema,
  system: systemSettingsSchema,
  systemManagement: systemManagementSettingsSchema,
  reportingAndAnalytics: reportingSettingsSchema,
  billingAndPayments: billingSettingsSchema,
  alerts: alertSettingsSchema,
} as const;
export type SettingsArea = keyof typeof SETTINGS_SCHEMAS;
export const SETTINGS_AREAS = Object.keys(SETTINGS_SCHEMAS) as SettingsArea[];
export const settingsAreaSchema = z.enum(SETTINGS_AREAS as [SettingsArea, ...SettingsArea[]]);
export type Settings = { [A in SettingsArea]: z.infer<(typeof SETTINGS_SCHEMAS)[A]> };

export const DEFAULT_SETTINGS: Settings = {
  organization: { name: 'My clinic', timezone: 'UTC', logo: null, contactEmail: null, contactPhone: null },
  security: { sessionTimeoutMinutes: 24 * 60, passwordMinLength: PASSWORD_MIN_LENGTH, twoFactorForAllStaff: false },
  telemedicine: {
    defaultCallEngine: 'livekit',
    joinEarlyMinutes: 10,
    endWarningMinutes: 5,
    stayOrLeaveSeconds: 60,
    admitRequired: true,
  },
  appointmentManagement: {
    slotStepMinutes: 30,
    workdayStart: '08:00',
    workdayEnd: '17:00',
    workingDays: [1, 2, 3, 4, 5],
    maxOpenAppointmentsPerPatient: 10,
  },
  patientManagement: { taskOverdueMinutes: DEFAULT_OVERDUE_MINUTES, mrnPrefix: 'MRN', readingAdvice: {}, approveSelfSignups: true },
  system: { defaultLanguage: 'en-US', maintenanceMessage: null },
  systemManagement: { errorLogRetentionDays: 90 },
  reportingAndAnalytics: { reportPeriodDays: 30, adherenceTargetPercent: 80 },
  billingAndPayments: {},
  // A critical reading waits a quarter of an hour, a high one an hour; an elevated one is for the next round.
  alerts: {
    escalateHighestMinutes: 15,
    escalateHighMinutes: 60,
    escalateLowestMinutes: 30,
    escalateElevatedMinutes: 0,
    escalateNoReadingsMinutes: 0,
    onCall: [],
    noReadingsDays: 3,
  },
};

/** A change to one area: any of its fields. The merged result is checked against the area's schema. */
export const settingsPatchSchema = z.record(z.string(), z.unknown());

/** What anyone (even before sign-in) may know: the organisation's face and the sign-in language. */
export const publicSettingsSchema = z.object({
  organizationName: z.string(),
  logo: z.string().nullable(),
  defaultLanguage: languageSchema,
  passwordMinLength: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** What a signed-in user's app needs: the public part plus the maintenance banner and visit rules. */
export const appSettingsSchema = publicSettingsSchema.extend({
  maintenanceMessage: z.string().nullable(),
  timezone: z.string(),
  taskOverdueMinutes: z.number().int(),
  readingAdvice: readingAdviceSchema,
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/** The call engine a visit uses: the setting, unless LiveKit is not configured on this server. */
export const telemedicineConfigSchema = z.object({
  callEngine: callEngineSchema,
  configuredEngine: callEngineSchema,
  livekitAvailable: z.boolean(),
  joinEarlyMinutes: z.number().int(),
  endWarningMinutes: z.number().int(),
  stayOrLeaveSeconds: z.number().int(),
  admitRequired: z.boolean(),
});
export type TelemedicineConfig = z.infer<typeof telemedicineConfigSchema>;

/** Bookable appointment slots of one day, in the organisation's time zone. */
export const appointmentSlotsQuerySchema = z.strictObject({
  date: z.iso.date('Enter a date as YYYY-MM-DD.'),
});
export const appointmentSlotSchema = z.object({
  /** The slot's start as an instant. */
  startsAt: z.string(),
  /** 24-hour local time, e.g. "13:30". */
  time: z.string(),
  /** 12-hour local time, e.g. "01:30 PM". */
  label: z.string(),
});
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

/** Reporting and analytics figures over the configured period. */
export const reportSchema = z.object({
  periodDays: z.number().int(),
  from: z.string(),
  to: z.string(),
  usersByRole: z.array(z.object({ role: z.string(), count: z.number().int() })),
  activeUsers: z.number().int(),
  signIns: z.number().int(),
  invitationsSent: z.number().int(),
  invitationsAccepted: z.number().int(),
  readings: z.number().int(),
  patientsWithReadings: z.number().int(),
  refusedAccesses: z.number().int(),
  clientErrors: z.number().int(),
});
export type Report = z.infer<typeof reportSchema>;

/** Remote-monitoring billing: days with readings per patient in one month. */
export const billingQuerySchema = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.'),
});
export const billingSummarySchema = z.object({
  month: z.string(),
  /** The days of readings CPT 99454 asks for, from the organisation's codes table. */
  rpmMinimumDays: z.number().int(),
  patients: z.array(
    z.object({
      patientAccountId: z.uuid(),
      fullName: z.string(),
      mrn: z.string(),
      daysWithReadings: z.number().int(),
      readings: z.number().int(),
      billable: z.boolean(),
    }),
  ),
  billablePatients: z.number().int(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** The running system, for the system-management area. */
export const systemStatusSchema = z.object({
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  redis: z.boolean(),
  smtp: z.boolean(),
  livekit: z.boolean(),
  uptimeSeconds: z.number().int(),
  errorLogEntries: z.number().int(),
  oldestErrorLogAt: z.string().nullable(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
