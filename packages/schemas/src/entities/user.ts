import { z } from 'zod';
import { accountTypeSchema, genderSchema, specialtyCodeSchema } from '../lookups';
import { languageSchema } from '../preferences';
import { refineRoleFitsAccountType, roleNameSchema } from '../roles';
import { adultDateOfBirthSchema, emailSchema, optionalText, passwordSchema, phoneSchema, text, usernameSchema } from '../rules';
import { accountSchema } from './account';
import { anyProfileSchema } from './profile';

/** User, as the login response carries it (spec §3). */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  initials: z.string(),
  isLocked: z.boolean(),
  isVerified: z.boolean(),
  lastLogin: z.string().nullable(),
  accounts: z.array(accountSchema),
});
export type User = z.infer<typeof userSchema>;

/** The user-profile response of spec §3. */
export const userProfileResponseSchema = z.object({
  userId: z.uuid(),
  accountId: z.uuid(),
  user: z.object({
    email: z.string(),
    phone: z.string().nullable(),
    username: z.string(),
    isVerified: z.boolean(),
    isLocked: z.boolean(),
    profile: anyProfileSchema,
  }),
});
export type UserProfileResponse = z.infer<typeof userProfileResponseSchema>;

/**
 * The e-mail check response of spec §3. `isExistingUser` is null (and `accountType` null) when the
 * caller is not entitled to know: anyone but an admin or the holder of the address's invitation.
 */
export const emailCheckResponseSchema = z.object({
  email: z.string(),
  isExistingUser: z.boolean().nullable(),
  accountType: accountTypeSchema.nullable(),
});
export type EmailCheckResponse = z.infer<typeof emailCheckResponseSchema>;
/** `invitationToken`: the invitation being completed, which entitles its holder to the answer for its address. */
export const emailCheckInputSchema = z.strictObject({
  email: emailSchema,
  invitationToken: z.string().trim().min(1).max(256).optional(),
});

/** A row of the admin's user list. */
export const userListItemSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  isLocked: z.boolean(),
  isVerified: z.boolean(),
  status: z.enum(['active', 'inactive']),
  lastLogin: z.string().nullable(),
  roles: z.array(roleNameSchema),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const profileFieldsSchema = z.strictObject({
  firstName: text('First name', 50),
  middleName: optionalText('Middle name', 50),
  lastName: text('Last name', 50),
  preferredName: optionalText('Preferred name', 50),
  dateOfBirth: adultDateOfBirthSchema.optional(),
  gender: genderSchema.optional(),
  preferredLanguage: languageSchema.optional(),
  timezone: optionalText('Time zone', 64),
});

/** An admin creates a user with one default account holding one role. */
export const createUserInputSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  password: passwordSchema,
  role: roleNameSchema.exclude(['Super']),
  accountType: accountTypeSchema,
  specialty: specialtyCodeSchema.optional(),
  profile: profileFieldsSchema,
}).superRefine(refineRoleFitsAccountType);
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

export const updateUserInputSchema = z.strictObject({
  email: emailSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  isLocked: z.boolean().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export const updateProfileInputSchema = profileFieldsSchema.partial().extend({
  phone: phoneSchema.nullable().optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

export const userListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
  role: roleNameSchema.optional(),
  status: z.enum(['active', 'inactive']).optional(),
  locked: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const usernameAvailableResponseSchema = z.object({ username: z.string(), available: z.boolean() });
