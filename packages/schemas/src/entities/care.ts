import { z } from 'zod';
import { accountTypeSchema } from '../lookups';
import { roleNameSchema } from '../roles';
import { dateSchema, emailSchema } from '../rules';
import { invitationStatusSchema } from '../statuses';

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
});

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly', 'specificDays'] as const;
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Measurement schedule of spec §3; blood sugar (bs) also says before or after a meal. */
export const measurementScheduleSchema = z
  .strictObject({
    startDate: dateSchema,
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    days: z.array(z.enum(WEEKDAYS)).max(7).default([]),
    times: z
      .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:mm.'))
      .min(1)
      .max(12)
      .default(['09:00']),
    notifyByEmail: z.boolean().default(false),
    meal: z.enum(['before', 'after']).optional(),
  })
  .refine((s) => s.frequency !== 'specificDays' || s.days.length > 0, {
    path: ['days'],
    message: 'Choose at least one day.',
  });
export type MeasurementSchedule = z.infer<typeof measurementScheduleSchema>;
