import { z } from 'zod';
import { requiredOr, text, uuidSchema } from '../rules';

/**
 * Care time (issue 19, remote patient monitoring): the minutes a clinician spends on one patient,
 * counted without a stopwatch (the chart open and in front of them, a video visit, a message written
 * to the patient) or entered by hand with a reason. Each entry is one clinician, one patient, one
 * stretch of time; an interactive one (a visit, a two-way exchange) is marked.
 */
export const CARE_TIME_SOURCES = ['chart', 'visit', 'message', 'manual'] as const;
export const careTimeSourceSchema = z.enum(CARE_TIME_SOURCES);
export type CareTimeSource = z.infer<typeof careTimeSourceSchema>;

/** The longest stretch one entry by hand may hold. */
export const CARE_TIME_MAX_MINUTES = 240;
/** The most a message's writing counts: a composer left open over lunch is not care time. */
export const MESSAGE_WRITING_MAX_MINUTES = 30;
/** How far back time may be entered by hand: the month before this one can still be completed. */
export const CARE_TIME_MAX_AGE_DAYS = 62;

export const careTimeEntrySchema = z.object({
  id: z.uuid(),
  patientAccountId: z.uuid(),
  clinicianAccountId: z.uuid(),
  clinicianName: z.string(),
  source: careTimeSourceSchema,
  interactive: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string(),
  /** Whole seconds between start and end. */
  seconds: z.number().int(),
  visitId: z.uuid().nullable(),
  threadId: z.uuid().nullable(),
  /** Why it was entered by hand. */
  reason: z.string().nullable(),
  /** Set once corrected by hand: when, why, and the stretch as first counted. */
  correctedAt: z.string().nullable(),
  correctionReason: z.string().nullable(),
  originalSeconds: z.number().int().nullable(),
});
export type CareTimeEntry = z.infer<typeof careTimeEntrySchema>;

/** A month on the patient's chart: "this month: 14 of 20 minutes, 11 of 16 days". */
export const careTimeMonthSchema = z.object({
  month: z.string(),
  /** This month on the organisation's calendar (the last one there is to show). */
  currentMonth: z.string(),
  patientAccountId: z.uuid(),
  minutes: z.number().int(),
  targetMinutes: z.number().int(),
  daysWithReadings: z.number().int(),
  targetDays: z.number().int(),
  /** Some of the month's time was interactive communication with the patient. */
  interactive: z.boolean(),
  /** Newest first. */
  entries: z.array(careTimeEntrySchema),
});
export type CareTimeMonth = z.infer<typeof careTimeMonthSchema>;

const MONTH_RULE = 'Enter a month as YYYY-MM.';
export const careTimeMonthQuerySchema = z.strictObject({
  month: z.string({ error: MONTH_RULE }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_RULE).optional(),
});

export const CARE_TIME_RULES = {
  minutes: `Enter whole minutes from 1 to ${CARE_TIME_MAX_MINUTES}.`,
  correctedMinutes: `Enter whole minutes from 0 to ${CARE_TIME_MAX_MINUTES}.`,
  startedAt: 'Enter a date and time.',
  future: 'The time cannot end in the future.',
  tooOld: `Time can be entered by hand for the last ${CARE_TIME_MAX_AGE_DAYS} days.`,
  /** text()'s words for the reason's minimum (care-time.test.ts keeps them equal). */
  reasonShort: 'Reason must be at least 3 characters.',
} as const;

const minutes = (min: number, message: string) =>
  z.number({ error: requiredOr(message) }).int(message).min(min, message).max(CARE_TIME_MAX_MINUTES, message);
const reason = text('Reason', 500, 3);

/** Time entered by hand: when it began, how long, whether it was with the patient, and why. */
export const addCareTimeInputSchema = z
  .strictObject({
    startedAt: z.iso.datetime({ offset: true, error: requiredOr(CARE_TIME_RULES.startedAt) }),
    minutes: minutes(1, CARE_TIME_RULES.minutes),
    interactive: z.boolean().default(false),
    reason,
  })
  .superRefine((input, ctx) => {
    const start = Date.parse(input.startedAt);
    if (start + input.minutes * 60_000 > Date.now()) ctx.addIssue({ code: 'custom', path: ['startedAt'], message: CARE_TIME_RULES.future });
    else if (start < Date.now() - CARE_TIME_MAX_AGE_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['startedAt'], message: CARE_TIME_RULES.tooOld });
  });
export type AddCareTimeInput = z.infer<typeof addCareTimeInputSchema>;

/** A correction: the minutes that really belong to the patient (never more than first counted), and why. */
export const correctCareTimeInputSchema = z.strictObject({
  minutes: minutes(0, CARE_TIME_RULES.correctedMinutes),
  reason,
});
export type CorrectCareTimeInput = z.infer<typeof correctCareTimeInputSchema>;

export const chartBeatSchema = z.object({ entryId: z.uuid().nullable(), seconds: z.number().int() });
export type ChartBeat = z.infer<typeof chartBeatSchema>;

export const careTimeIdSchema = z.strictObject({ id: uuidSchema });
