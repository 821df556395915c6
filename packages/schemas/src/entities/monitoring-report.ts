import { z } from 'zod';
import { careTimeSourceSchema } from './care-time';
import { text } from '../rules';

/**
 * The monthly report of remote patient monitoring (issue 19, part 3): per patient, the days with
 * device readings in each 30-day period and the minutes of management in the calendar month, mapped
 * to the billing codes the organisation keeps (one table, `billing_codes`), with the evidence of each
 * line, what is missing, and a physician's sign-off.
 */

/**
 * How a code is earned. `setup`: once per monitoring episode, its first 30-day period with at least
 * `minDays` days of readings. `deviceDays`: a 30-day period with `minDays`–`maxDays` days of readings.
 * `management`: `minMinutes`–`maxMinutes` of care time in the calendar month. `managementAddOn`: each
 * further `stepMinutes` from `minMinutes` on (99458: 40 minutes is one unit, 60 two).
 */
export const BILLING_CODE_KINDS = ['setup', 'deviceDays', 'management', 'managementAddOn'] as const;
export const billingCodeKindSchema = z.enum(BILLING_CODE_KINDS);
export type BillingCodeKind = z.infer<typeof billingCodeKindSchema>;

/** Days in a period of device readings (CPT 99453, 99454, 99445 are counted per 30 days). */
export const MONITORING_PERIOD_DAYS = 30;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const DATE_RULE = 'Enter a date as YYYY-MM-DD.';
const MONTH_RULE = 'Enter a month as YYYY-MM.';
export const monthSchema = z.string({ error: MONTH_RULE }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_RULE);

export const billingCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  kind: billingCodeKindSchema,
  description: z.string(),
  minDays: z.number().int().nullable(),
  maxDays: z.number().int().nullable(),
  minMinutes: z.number().int().nullable(),
  maxMinutes: z.number().int().nullable(),
  stepMinutes: z.number().int().nullable(),
  /** The month's time must include interactive communication (a visit, a call, a two-way exchange). */
  interactiveRequired: z.boolean(),
  /** In force from / until these days (inclusive); null: no bound. */
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
});
export type BillingCode = z.infer<typeof billingCodeSchema>;

export const BILLING_CODE_RULES = {
  days: 'Enter whole days from 1 to 30.',
  minutes: 'Enter whole minutes from 1 to 600.',
  date: DATE_RULE,
  dayOrder: 'The most days cannot be fewer than the least.',
  minuteOrder: 'The most minutes cannot be fewer than the least.',
  dateOrder: 'The code cannot end before it starts.',
  /** A threshold the code's kind does not use, or one it needs. */
  notUsed: 'This code does not use this threshold: leave it empty.',
  needed: 'This code needs this threshold.',
} as const;

/** The thresholds each kind of code is counted by (the others stay empty). */
export const THRESHOLDS_OF_KIND: Record<BillingCodeKind, readonly ('minDays' | 'maxDays' | 'minMinutes' | 'maxMinutes' | 'stepMinutes')[]> = {
  setup: ['minDays'],
  deviceDays: ['minDays', 'maxDays'],
  management: ['minMinutes', 'maxMinutes'],
  managementAddOn: ['minMinutes', 'stepMinutes'],
};
/** The thresholds a kind cannot do without (a most-days or most-minutes may stay open). */
export const REQUIRED_OF_KIND: Record<BillingCodeKind, readonly ('minDays' | 'minMinutes' | 'stepMinutes')[]> = {
  setup: ['minDays'],
  deviceDays: ['minDays'],
  management: ['minMinutes'],
  managementAddOn: ['minMinutes', 'stepMinutes'],
};

const days = z.number({ error: BILLING_CODE_RULES.days }).int(BILLING_CODE_RULES.days).min(1, BILLING_CODE_RULES.days).max(MONITORING_PERIOD_DAYS, BILLING_CODE_RULES.days);
const minutes = z.number({ error: BILLING_CODE_RULES.minutes }).int(BILLING_CODE_RULES.minutes).min(1, BILLING_CODE_RULES.minutes).max(600, BILLING_CODE_RULES.minutes);
const day = z.string({ error: DATE_RULE }).regex(isoDate, DATE_RULE).refine((s) => !Number.isNaN(Date.parse(s)), DATE_RULE);

/**
 * An organisation's change to one code: its words, thresholds and the days it is in force. Which
 * thresholds a code has follows its kind (the service refuses the others).
 */
export const updateBillingCodeInputSchema = z
  .strictObject({
    description: text('Description', 200),
    minDays: days.nullable(),
    maxDays: days.nullable(),
    minMinutes: minutes.nullable(),
    maxMinutes: minutes.nullable(),
    stepMinutes: minutes.nullable(),
    interactiveRequired: z.boolean(),
    effectiveFrom: day.nullable(),
    effectiveTo: day.nullable(),
  })
  .superRefine((input, ctx) => {
    if (input.minDays !== null && input.maxDays !== null && input.maxDays < input.minDays)
      ctx.addIssue({ code: 'custom', path: ['maxDays'], message: BILLING_CODE_RULES.dayOrder });
    if (input.minMinutes !== null && input.maxMinutes !== null && input.maxMinutes < input.minMinutes)
      ctx.addIssue({ code: 'custom', path: ['maxMinutes'], message: BILLING_CODE_RULES.minuteOrder });
    if (input.effectiveFrom && input.effectiveTo && input.effectiveTo < input.effectiveFrom)
      ctx.addIssue({ code: 'custom', path: ['effectiveTo'], message: BILLING_CODE_RULES.dateOrder });
  });
export type UpdateBillingCodeInput = z.infer<typeof updateBillingCodeInputSchema>;

export const monitoringReportQuerySchema = z.strictObject({ month: monthSchema });

/** A 30-day period of device readings: from its first day to its last (inclusive), on the organisation's calendar. */
export const monitoringPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The days with readings, oldest first. */
  days: z.array(z.string()),
});
export type MonitoringPeriod = z.infer<typeof monitoringPeriodSchema>;

/** One line a biller submits: a code, its units, and the evidence for it. */
export const reportLineSchema = z.object({
  code: z.string(),
  kind: billingCodeKindSchema,
  units: z.number().int(),
  /** Device codes: the 30-day period and its days with readings. */
  period: monitoringPeriodSchema.nullable(),
  /** Management codes: the month's minutes. */
  minutes: z.number().int().nullable(),
});
export type ReportLine = z.infer<typeof reportLineSchema>;

/** What keeps a code from being billed, for the care team to act on (or to know it was missed). */
export const reportFlagSchema = z.discriminatedUnion('kind', [
  /** A period has too few days of readings for `code`: it needs `more`. */
  z.object({ kind: z.literal('needsDays'), code: z.string(), more: z.number().int(), periodTo: z.string() }),
  /** The month has too few minutes for `code`: it needs `more`. */
  z.object({ kind: z.literal('needsMinutes'), code: z.string(), more: z.number().int() }),
  /** Minutes were spent, but none of it was interactive communication with the patient. */
  z.object({ kind: z.literal('noInteractiveContact') }),
  /** The episode's first period ended, but its device set-up and education was not recorded (no 99453). */
  z.object({ kind: z.literal('setupNotRecorded') }),
]);
export type ReportFlag = z.infer<typeof reportFlagSchema>;

/** The interactive contact behind the management codes. */
export const reportInteractionSchema = z.object({
  at: z.string(),
  source: careTimeSourceSchema,
  clinicianName: z.string(),
  minutes: z.number().int(),
});

export const reportPatientSchema = z.object({
  patientAccountId: z.uuid(),
  fullName: z.string(),
  mrn: z.string(),
  /** The first day of monitoring (the episode's start once enrolled, else the first reading): the periods of 30 days count from it. */
  monitoringSince: z.string().nullable(),
  /** Enrolled with consent (issue 19, part 1); false for a patient monitored before enrolment existed. */
  enrolled: z.boolean(),
  /** The periods that ended in the month. */
  periods: z.array(monitoringPeriodSchema),
  minutes: z.number().int(),
  /** Each clinician's minutes on the patient this month. */
  clinicians: z.array(z.object({ clinicianAccountId: z.uuid(), name: z.string(), minutes: z.number().int() })),
  interactions: z.array(reportInteractionSchema),
  lines: z.array(reportLineSchema),
  flags: z.array(reportFlagSchema),
});
export type ReportPatient = z.infer<typeof reportPatientSchema>;

export const reportSignoffSchema = z.object({
  signedByAccountId: z.uuid(),
  signedByName: z.string(),
  signedAt: z.string(),
});

export const monitoringReportSchema = z.object({
  month: z.string(),
  /** The codes the report was computed with. */
  codes: z.array(billingCodeSchema),
  patients: z.array(reportPatientSchema),
  /** Each clinician's minutes across the month's patients. */
  clinicians: z.array(z.object({ clinicianAccountId: z.uuid(), name: z.string(), minutes: z.number().int(), patients: z.number().int() })),
  /** Null until a physician signs; once signed the report is the one signed. */
  signoff: reportSignoffSchema.nullable(),
  /** Signed, and the month's data has changed since (time corrected, readings arrived late). */
  changedSinceSigning: z.boolean(),
});
export type MonitoringReport = z.infer<typeof monitoringReportSchema>;
