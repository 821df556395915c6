import { z } from 'zod';
import { adherenceSchema } from './patients';

/** The days "behind on readings" looks back over. */
export const BEHIND_ADHERENCE_DAYS = 7;
/** A patient with a schedule and no reading for this many days is behind, whatever their adherence. */
export const BEHIND_NO_READING_DAYS = 3;
/** The most patients the list returns (the worst ones). */
export const BEHIND_MAX_ITEMS = 50;

/**
 * Why a patient is behind: adherence over the last days below the organisation's target, tasks
 * missed in the last 24 hours, or no reading for days.
 */
export const BEHIND_REASONS = ['lowAdherence', 'missedTasks', 'noRecentReadings'] as const;
export const behindReasonSchema = z.enum(BEHIND_REASONS);
export type BehindReason = z.infer<typeof behindReasonSchema>;

export const patientBehindSchema = z.object({
  patient: z.object({ id: z.uuid(), fullName: z.string() }),
  /** Tasks done in their window over the tasks due in the last BEHIND_ADHERENCE_DAYS days. */
  adherence: adherenceSchema,
  /** Tasks whose window closed in the last 24 hours without a reading. */
  missedTasks: z.number().int(),
  lastReadingAt: z.string().nullable(),
  reasons: z.array(behindReasonSchema),
});
export type PatientBehind = z.infer<typeof patientBehindSchema>;

/** `GET /adherence/behind`: the clinician's patients behind on their readings, worst first. */
export const patientsBehindSchema = z.object({
  days: z.number().int(),
  noReadingDays: z.number().int(),
  /** The organisation's adherence target (reportingAndAnalytics.adherenceTargetPercent). */
  targetPercent: z.number().int(),
  /** How many patients are behind (items holds at most BEHIND_MAX_ITEMS of them). */
  total: z.number().int(),
  items: z.array(patientBehindSchema),
});
export type PatientsBehind = z.infer<typeof patientsBehindSchema>;
