import type { AccountType } from '@opencare/schemas/lookups';
import {
  ROLES,
  ROLE_ACCOUNT_TYPE_MISMATCH,
  ROUTE_ROLES,
  hasAnyRole,
  hasPermission,
  roleFitsAccountType,
  type Permission,
  type RoleName,
  type RouteRole,
} from '@opencare/schemas/roles';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import type { AccountRef, Actor } from './actor';

/**
 * Every access decision of the product is made here, from the roles map of spec §3:
 * route level (patient-only, physician-or-nurse, admin-only) and record level (own records,
 * the organisation's patients for its clinicians, the organisation's accounts for its admins).
 */

export function isSuper(actor: Actor): boolean {
  return actor.roles.includes(ROLES.Super);
}

export function hasRouteRole(actor: Actor, group: RouteRole): boolean {
  return hasAnyRole(actor.roles, ROUTE_ROLES[group]);
}

/** Route level (spec §2, §6). */
export function requireRouteRole(actor: Actor, group: RouteRole): void {
  if (!hasRouteRole(actor, group)) throw new AppError('err_forbidden');
}

/** Permission level (spec §6, ROLE_PERMISSIONS); an unknown role is a User, who may only read. */
export function mayDo(actor: Actor, permission: Permission): boolean {
  return hasPermission(actor.roles, permission);
}

/** Permission level, refused and audited: for writes that name no patient (the patient ones go
 * through patientFor, which asks the same table). */
export async function requirePermission(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  meta: RequestMeta,
  permission: Permission,
  event: { action: string; resourceType: string; resourceId: string | null },
): Promise<void> {
  if (mayDo(actor, permission)) return;
  await authorize(deps, actor, meta, { ...event, allowed: false });
}

/**
 * An account's role must be one its type allows (ACCOUNT_TYPE_ROLES): a patient account that is a
 * physician would list as a patient with a physician's menu. Every path that makes or changes an
 * account, user, invitation or sign-up asks this; the shared input schemas ask it first.
 */
export function assertRoleFitsAccountType(accountType: AccountType, role: RoleName): void {
  if (!roleFitsAccountType(accountType, role)) {
    throw new AppError('validationFailed', { fields: [{ field: 'role', message: ROLE_ACCOUNT_TYPE_MISMATCH }] });
  }
}

const sameOrganisation = (actor: Actor, target: AccountRef) => isSuper(actor) || actor.organisationId === target.organisationId;
const isPatientAccount = (target: AccountRef) => target.accountType === 'pat' || target.roles.includes(ROLES.Patient);

/** Who may see an account and its profile. */
export function canReadAccount(actor: Actor, target: AccountRef): boolean {
  if (target.userId === actor.userId) return true;
  if (!sameOrganisation(actor, target)) return false;
  if (hasRouteRole(actor, 'admin')) return true;
  // Clinicians see the patients of their organisation, and their colleagues' provider accounts.
  if (hasRouteRole(actor, 'clinician')) return isPatientAccount(target) || target.accountType === 'prov';
  return false;
}

/** Who may change an account, its profile or its user: the user themself (within the service's
 * limits on which fields) or an admin of the organisation. */
export function canWriteAccount(actor: Actor, target: AccountRef): boolean {
  if (target.userId === actor.userId) return true;
  return sameOrganisation(actor, target) && hasRouteRole(actor, 'admin');
}

/**
 * Decide, audit, and throw when refused. Every read and write of a person's record goes through
 * here, so the audit log holds both the allowed and the refused ones.
 */
export async function authorize(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  meta: RequestMeta,
  event: { action: string; resourceType: string; resourceId: string | null; allowed: boolean; onBehalfOf?: string },
): Promise<void> {
  const { allowed, ...rest } = event;
  await audit(deps.db, actor, meta, { ...rest, outcome: allowed ? 'allowed' : 'denied' });
  if (!event.allowed) throw new AppError('err_forbidden');
}

/**
 * The check of an admin's act on one kind of their organisation's records (API keys, SMART
 * clients): admins only (403 for anyone else), and every decision audited as that kind.
 */
export function adminCheckOf(resourceType: string) {
  return async (deps: Pick<Deps, 'db'>, actor: Actor, meta: RequestMeta, action: string, resourceId: string | null, allowed = true): Promise<void> => {
    requireRouteRole(actor, 'admin');
    await authorize(deps, actor, meta, { action, resourceType, resourceId, allowed });
  };
}

/**
 * `authorize` for a record that belongs to organisations: refused for a caller of none of them
 * (and not Super), it answers 404 as if the id did not exist, so another organisation's ids cannot
 * be probed (docs/access-control.md); the refusal is still audited. In the caller's own
 * organisation a refusal stays 403.
 */
export async function authorizeRecord(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  meta: RequestMeta,
  organisationIds: readonly string[],
  event: { action: string; resourceType: string; resourceId: string | null; allowed: boolean },
): Promise<void> {
  const foreign = !isSuper(actor) && !organisationIds.includes(actor.organisationId);
  if (!event.allowed && foreign) {
    await audit(deps.db, actor, meta, { ...event, outcome: 'denied' });
    throw new AppError('notFound');
  }
  await authorize(deps, actor, meta, event);
}
