import { z } from 'zod';
import { dateSchema } from '../rules';
import { rangeClassSchema } from './measurements';
import { adherenceSchema } from './patients';

/** The longest period analytics covers at once. */
export const ANALYTICS_MAX_DAYS = 366;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * `GET /analytics?from=&to=`: calendar days (YYYY-MM-DD, both included) on the organisation's
 * calendar. Without them, the reporting period set in the dashboard, ending today.
 */
export const analyticsQuerySchema = z
  .strictObject({ from: dateSchema.optional(), to: dateSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['from'],
    message: 'The start must not be after the end.',
  })
  .refine((q) => !q.from || !q.to || dayNumber(q.to) - dayNumber(q.from) < ANALYTICS_MAX_DAYS, {
    path: ['from'],
    message: `Analytics covers at most ${ANALYTICS_MAX_DAYS} days.`,
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Organisation-wide figures for physicians and nurses: counts only, no patient is named. */
export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The organisation's time zone, whose calendar the days follow. */
  timezone: z.string(),
  /** Active patients of the organisation, and how many of them took a reading in the period. */
  patients: z.number().int(),
  patientsWithReadings: z.number().int(),
  adherence: adherenceSchema.extend({ targetPercent: z.number().int() }),
  /** Task adherence per week (weeks start on Monday); the first and last may be partial. */
  adherenceByWeek: z.array(adherenceSchema.extend({ weekStart: z.string() })),
  readingsByType: z.array(z.object({ type: z.string(), count: z.number().int() })),
  /** Readings outside the normal range, per type and range class. */
  outOfRange: z.array(z.object({ type: z.string(), rangeClass: rangeClassSchema, count: z.number().int() })),
  /** Visits of appointments that started in the period, per visit status code (spec §4). */
  visitsByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;
