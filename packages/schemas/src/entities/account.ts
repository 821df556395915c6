import { z } from 'zod';
import { accountTypeSchema, codedSchema } from '../lookups';
import { preferencesPatchSchema } from '../preferences';
import { refineRoleFitsAccountType, roleNameSchema, rolesMapSchema } from '../roles';
import { text } from '../rules';
import { anyProfileSchema } from './profile';

/** Account of spec §3. */
export const accountSchema = z.object({
  id: z.uuid(),
  accountNumber: z.string(),
  accountLabel: z.string().nullable(),
  accountType: codedSchema,
  isDefault: z.boolean(),
  isOnline: z.boolean(),
  lastSeen: z.string().nullable(),
  profile: anyProfileSchema,
  status: codedSchema,
  preferences: preferencesPatchSchema,
  roles: rolesMapSchema,
});
export type Account = z.infer<typeof accountSchema>;

/** An account of one's own that an admin or the user adds. */
export const createAccountInputSchema = z.strictObject({
  userId: z.uuid().optional(),
  accountType: accountTypeSchema,
  role: roleNameSchema.exclude(['Super']).optional(),
  accountLabel: text('Account label', 60).optional(),
  isDefault: z.boolean().optional(),
  profile: z
    .strictObject({ firstName: text('First name', 50), lastName: text('Last name', 50) })
    .optional(),
}).superRefine(refineRoleFitsAccountType);
export type CreateAccountInput = z.infer<typeof createAccountInputSchema>;

export const updateAccountInputSchema = z.strictObject({
  accountLabel: text('Account label', 60).nullable().optional(),
  isDefault: z.literal(true).optional(),
  preferences: preferencesPatchSchema.optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type UpdateAccountInput = z.infer<typeof updateAccountInputSchema>;

export const accountListQuerySchema = z.strictObject({
  userId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;
