import { z } from 'zod';
import { accountTypeSchema, genderSchema, specialtyCodeSchema } from '../lookups';
import { languageSchema } from '../preferences';
import { refineRoleFitsAccountType, roleNameSchema } from '../roles';
import {
  REQUIRED,
  adultDateOfBirthSchema,
  emailSchema,
  matchingRetype,
  optionalText,
  passwordSchema,
  phoneSchema,
  requiredOr,
  text,
  usernameSchema,
} from '../rules';

export const loginInputSchema = z.strictObject({
  // Only presence is checked here: a login must not tell which rule a wrong password breaks.
  username: z.string({ error: requiredOr('Username must be text.') }).trim().min(1, REQUIRED).max(254),
  password: z.string({ error: requiredOr('Password must be text.') }).min(1, REQUIRED).max(1024),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed', 'separated', 'other'] as const;

/** Every sign-up field of spec §3, with the rules of spec §5. */
export const signupInputSchema = z
  .strictObject({
    username: usernameSchema,
    password: passwordSchema,
    passwordConfirmation: z.string({ error: REQUIRED }),
    firstName: text('First name', 50),
    middleName: optionalText('Middle name', 50),
    lastName: text('Last name', 50),
    dateOfBirth: adultDateOfBirthSchema,
    gender: genderSchema,
    address: optionalText('Address', 200),
    country: optionalText('Country', 60),
    emailAddress: emailSchema,
    emailAddressConfirmation: emailSchema,
    phoneNumber: phoneSchema,
    phoneNumberConfirmation: phoneSchema,
    emailNotifications: z.boolean().default(true),
    textNotifications: z.boolean().default(false),
    maritalStatus: z.enum(MARITAL_STATUSES).optional(),
    specialty: specialtyCodeSchema.optional(),
    accountType: accountTypeSchema,
    role: roleNameSchema.optional(),
    invitationCode: optionalText('Invitation code', 128),
    preferredLanguage: languageSchema.optional(),
    termsAccepted: z.literal(true, 'Please accept the terms and conditions.'),
  })
  .superRefine(
    matchingRetype([
      ['password', 'passwordConfirmation', 'Password'],
      ['emailAddress', 'emailAddressConfirmation', 'E-mail'],
      ['phoneNumber', 'phoneNumberConfirmation', 'Phone number'],
    ]),
  )
  .superRefine(refineRoleFitsAccountType);
export type SignupInput = z.infer<typeof signupInputSchema>;

/** The token that a verification e-mail carries, used as the activation code too. */
export const tokenInputSchema = z.strictObject({
  token: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(256),
});
export type TokenInput = z.infer<typeof tokenInputSchema>;

export const resendVerificationInputSchema = z.strictObject({ email: emailSchema });

export const signupResponseSchema = z.object({ email: z.string(), expiresAt: z.string() });
export const signupVerifyResponseSchema = z.object({ email: z.string(), username: z.string() });

/** One signed-in device of the user, as the security settings list them. */
export const sessionSummarySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** "Forgot password?": the username or e-mail of the account; the answer is the same whether or not it exists. */
export const passwordResetRequestInputSchema = z.strictObject({
  login: z.string({ error: requiredOr('Username or e-mail must be text.') }).trim().min(1, REQUIRED).max(254),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInputSchema>;

/** The reset link's token and the new password (the organisation's policy is checked by the service). */
export const passwordResetConfirmInputSchema = z
  .strictObject({
    token: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(256),
    password: passwordSchema,
    passwordConfirmation: z.string({ error: REQUIRED }),
  })
  .superRefine(matchingRetype([['password', 'passwordConfirmation', 'Password']]));
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInputSchema>;

export const changePasswordInputSchema = z
  .strictObject({
    currentPassword: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1024),
    password: passwordSchema,
    passwordConfirmation: z.string({ error: REQUIRED }),
  })
  .superRefine(matchingRetype([['password', 'passwordConfirmation', 'Password']]));
