import { z } from 'zod';
import type { AccountType } from './lookups';
import { roleFitsAccountType, roleNameOf, roleNames, ROLE_ACCOUNT_TYPE_MISMATCH, ROLES, type RoleName } from './role-table';

export * from './role-table';

export const roleNameSchema = z.enum(roleNames as [RoleName, ...RoleName[]]);

/** A zod refinement for inputs carrying both: the mismatch is an issue on `role`. */
export function refineRoleFitsAccountType(
  value: { accountType?: AccountType | undefined; role?: RoleName | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.accountType && value.role && !roleFitsAccountType(value.accountType, value.role)) {
    ctx.addIssue({ code: 'custom', path: ['role'], message: ROLE_ACCOUNT_TYPE_MISMATCH });
  }
}

/** The roles map an account carries on the wire: role name to number. */
export const rolesMapSchema = z.partialRecord(roleNameSchema, z.number().int());
export type RolesMap = z.infer<typeof rolesMapSchema>;

export function rolesMapOf(roles: readonly number[]): RolesMap {
  const map: RolesMap = {};
  // An unknown number falls back to User with User's own number, so the map stays name-to-number of spec §3.
  for (const role of roles) {
    const name = roleNameOf(role);
    map[name] = ROLES[name];
  }
  if (roles.length === 0) map.User = ROLES.User;
  return map;
}
