import { z } from 'zod';

/** The roles map of spec §3: role name to number. */
export const ROLES = {
  Super: 0,
  User: 1,
  Admin: 100,
  Physician: 101,
  Nurse: 102,
  Assistant: 103,
  Patient: 104,
} as const;

export type RoleName = keyof typeof ROLES;
export type RoleNumber = (typeof ROLES)[RoleName];

export const roleNames = Object.keys(ROLES) as RoleName[];
export const roleNameSchema = z.enum(roleNames as [RoleName, ...RoleName[]]);

/** Unknown role numbers fall back to User (spec §3). */
export function roleNameOf(role: number): RoleName {
  return roleNames.find((name) => ROLES[name] === role) ?? 'User';
}

/** Permission levels of spec §6. */
export const PERMISSIONS = ['Read', 'Write', 'Update', 'Delete', 'Approve', 'Export'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Which role may do what. The spec leaves the table open (§6); this is our choice, written down in
 * docs/access-control.md. A default user (role User) may only read.
 */
export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  Super: PERMISSIONS,
  Admin: PERMISSIONS,
  Physician: ['Read', 'Write', 'Update', 'Approve', 'Export'],
  Nurse: ['Read', 'Write', 'Update'],
  Assistant: ['Read', 'Write'],
  Patient: ['Read', 'Write', 'Update'],
  User: ['Read'],
};

export function permissionsOf(roles: readonly number[]): Permission[] {
  const names = roles.length > 0 ? roles.map(roleNameOf) : (['User'] as RoleName[]);
  return PERMISSIONS.filter((p) => names.some((name) => ROLE_PERMISSIONS[name].includes(p)));
}

/** Route-level groups of spec §2 and §6. */
export const ROUTE_ROLES = {
  patient: [ROLES.Patient],
  physicianOrNurse: [ROLES.Physician, ROLES.Nurse],
  admin: [ROLES.Super, ROLES.Admin],
  /** Everyone who works for the organisation and may see its patients. */
  clinician: [ROLES.Physician, ROLES.Nurse, ROLES.Assistant],
} as const satisfies Record<string, readonly RoleNumber[]>;

export type RouteRole = keyof typeof ROUTE_ROLES;

/** Spec §5: a role key is matched against a list of numeric values. */
export function hasAnyRole(roles: readonly number[], allowed: readonly number[]): boolean {
  return roles.some((r) => allowed.includes(r));
}

/** The displayed role is the account's default (first, highest-ranked) role key in lower case (spec §6). */
export function displayedRole(roles: Partial<Record<RoleName, number>>): string {
  const ranked = (Object.keys(roles) as RoleName[]).sort((a, b) => ROLES[a] - ROLES[b]);
  const main = ranked.find((r) => r !== 'User') ?? ranked[0] ?? 'User';
  return main.toLowerCase();
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
