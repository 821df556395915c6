import { z } from 'zod';
import { accountTypeSchema } from '../lookups';
import { roleNameSchema } from '../roles';
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
} from '../rules';
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

export const updateInvitationInputSchema = z.strictObject({
  role: roleNameSchema.exclude(['Super']).optional(),
  accountType: accountTypeSchema.optional(),
  expiresInDays: z.number().int().min(1).max(30).optional(),
});
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
