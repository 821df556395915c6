import type { AccountType } from './lookups';

/*
 * The role table and the rules that read it, without zod: the web client's first load (its route
 * guards and navigation) uses them, and zod stays out of that load (issue 16). roles.ts re-exports
 * all of it beside the schemas.
 */

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

/** Unknown role numbers fall back to User (spec §3). */
export function roleNameOf(role: number): RoleName {
  return roleNames.find((name) => ROLES[name] === role) ?? 'User';
}

/** Permission levels of spec §6. */
export const PERMISSIONS = ['Read', 'Write', 'Update', 'Delete', 'Approve', 'Export'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Which role may do what. The spec leaves the table open (§6); this is our choice, written down in
 * docs/access-control.md, and every write and export of the services asks it (requirePermission,
 * patientFor): Write creates a record, Update changes one (cancelling and ending included: the
 * record stays), Delete removes one, Export hands a record out in another format (FHIR). The record
 * level still decides whose records: a patient's Delete and Export reach only their own.
 * A default user (role User) may only read; an assistant reads the organisation's patients and
 * changes nothing (the pen test of issue 15 found assistants booking and cancelling).
 */
export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  Super: PERMISSIONS,
  Admin: PERMISSIONS,
  Physician: ['Read', 'Write', 'Update', 'Approve', 'Export'],
  Nurse: ['Read', 'Write', 'Update'],
  Assistant: ['Read'],
  Patient: ['Read', 'Write', 'Update', 'Delete', 'Export'],
  User: ['Read'],
};

/** Whether any of `roles` grants `permission` (an unknown role is a User). */
export function hasPermission(roles: readonly number[], permission: Permission): boolean {
  return permissionsOf(roles).includes(permission);
}

/**
 * The roles an account of each type may hold (spec §3's account types × roles). A patient account
 * is a patient and nothing else, so a patient never gets a clinician's menu or permissions; staff
 * (admins, physicians, nurses, assistants) hold provider accounts; caregivers and insurers are
 * default users. Super is the platform's own and is never given through the product.
 */
export const ACCOUNT_TYPE_ROLES: Record<AccountType, readonly RoleName[]> = {
  pat: ['Patient'],
  prov: ['Admin', 'Physician', 'Nurse', 'Assistant', 'User'],
  car: ['User'],
  ins: ['User'],
};

export function roleFitsAccountType(accountType: AccountType, role: RoleName): boolean {
  return ACCOUNT_TYPE_ROLES[accountType].includes(role);
}

/** The field message when a role does not fit the account type (the web shows it under Role). */
export const ROLE_ACCOUNT_TYPE_MISMATCH = 'This role is not allowed for this account type.';

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
  /** The monthly monitoring report (the physicians and nurses who earn it, the admins who bill it); approving patients who signed up. */
  physicianNurseOrAdmin: [ROLES.Physician, ROLES.Nurse, ROLES.Super, ROLES.Admin],
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
