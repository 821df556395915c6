import type { UserTwoFactor } from '@opencare/schemas/entities/two-factor';
import type { CreateUserInput, EmailCheckResponse, UpdateUserInput, User, UserListItem, UserListQuery } from '@opencare/schemas/entities/user';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { ROLES } from '@opencare/schemas/roles';
import { assertRoleFitsAccountType, authorize, authorizeRecord, hasRouteRole, isSuper, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { toAccountRef } from '../accounts/account.dto';
import { findAccountsOfUser, findAccountsOfUsers, insertAccount } from '../accounts/accounts.repository';
import { revokeSessionsOfUser } from '../auth/sessions.repository';
import { resetTwoFactorOfUser, twoFactorOfUser } from '../auth/two-factor.service';
import { hashPassword } from '../auth/secrets';
import { assertPasswordPolicy } from '../settings/settings.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { pendingInvitationEmail } from '../invitations/invitations.service';
import { leaveAllSeatsOf } from '../visits/visit-seats';
import { loadUserDto, toUserListItem } from './user.dto';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers as listUserRows,
  updateUserRow,
  usernameInUse,
  usernameOrEmailTaken,
} from './users.repository';
import { countActiveAdmins } from './admins.repository';

const organisationScope = (actor: Actor) => (isSuper(actor) ? null : actor.organisationId);

export async function listUsers(deps: Deps, actor: Actor, meta: RequestMeta, query: UserListQuery): Promise<{ items: UserListItem[]; meta: ListMeta }> {
  requireRouteRole(actor, 'admin');
  const { rows, total } = await listUserRows(
    deps.db,
    { organisationId: organisationScope(actor), search: query.search, role: query.role ? ROLES[query.role] : undefined, status: query.status, locked: query.locked },
    query.page,
    query.pageSize,
  );
  const accounts = await findAccountsOfUsers(deps.db, rows.map((r) => r.id));
  await authorize(deps, actor, meta, { action: 'users.list', resourceType: 'user', resourceId: null, allowed: true });
  return {
    items: rows.map((row) => toUserListItem(row, accounts.filter((a) => a.account.userId === row.id))),
    meta: listMeta(total, query.page, query.pageSize),
  };
}

/**
 * A user and their accounts, checked against the caller: themself, or an admin of one of their
 * organisations (`adminOnly`: an admin, and not for themself).
 */
async function loadUserFor(deps: Deps, actor: Actor, meta: RequestMeta, userId: string, action: string, adminOnly = false) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('notFound');
  const accounts = await findAccountsOfUser(deps.db, userId);
  const isSelf = userId === actor.userId;
  const adminOfUser =
    hasRouteRole(actor, 'admin') && accounts.some((a) => isSuper(actor) || toAccountRef(a).organisationId === actor.organisationId);
  await authorizeRecord(
    deps,
    actor,
    meta,
    accounts.map((a) => a.account.organisationId),
    { action, resourceType: 'user', resourceId: userId, allowed: adminOnly ? adminOfUser && !isSelf : isSelf || adminOfUser },
  );
  return { user, accounts, isSelf, adminOfUser };
}

export async function getUser(deps: Deps, actor: Actor, meta: RequestMeta, userId: string): Promise<User> {
  const { user } = await loadUserFor(deps, actor, meta, userId, 'users.read');
  return loadUserDto(deps.db, user);
}

export async function createUser(deps: Deps, actor: Actor, meta: RequestMeta, input: CreateUserInput): Promise<User> {
  requireRouteRole(actor, 'admin');
  assertRoleFitsAccountType(input.accountType, input.role);
  if (await usernameOrEmailTaken(deps.db, input.username, input.email)) throw new AppError('usernameOrEmailTaken');
  await assertPasswordPolicy(deps.db, actor.organisationId, input.password);
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await insertUser(tx, { username: input.username, email: input.email, phone: input.phone, passwordHash, isVerified: true });
    await insertAccount(
      tx,
      { userId: id, organisationId: actor.organisationId, accountType: input.accountType, isDefault: true },
      {
        firstName: input.profile.firstName,
        middleName: input.profile.middleName ?? null,
        lastName: input.profile.lastName,
        preferredName: input.profile.preferredName ?? null,
        dateOfBirth: input.profile.dateOfBirth ?? null,
        gender: input.profile.gender ?? null,
        preferredLanguage: input.profile.preferredLanguage ?? 'en-US',
        timezone: input.profile.timezone ?? 'UTC',
        email: input.email,
        phone: input.phone ?? null,
      },
      [ROLES[input.role]],
      input.specialty ? { provider: { specialty: input.specialty } } : {},
    );
    return id;
  });
  await authorize(deps, actor, meta, { action: 'users.create', resourceType: 'user', resourceId: userId, allowed: true });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('userCreationFailed');
  return loadUserDto(deps.db, user);
}

/** Locking or deactivating must leave the organisation at least one admin who can sign in. */
async function assertNotLastAdmin(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const others = await countActiveAdmins(deps.db, actor.organisationId, userId);
  const target = await findAccountsOfUser(deps.db, userId);
  const targetIsAdmin = target.some((a) => a.roles.includes(ROLES.Admin) || a.roles.includes(ROLES.Super));
  if (targetIsAdmin && others === 0) throw new AppError('lastAdmin');
}

export async function updateUser(deps: Deps, actor: Actor, meta: RequestMeta, userId: string, input: UpdateUserInput): Promise<User> {
  const { user, adminOfUser } = await loadUserFor(deps, actor, meta, userId, 'users.update');
  const adminOnly = input.isLocked !== undefined || input.status !== undefined;
  if (adminOnly && !adminOfUser) throw new AppError('err_forbidden');
  const disabling = input.isLocked === true || input.status === 'inactive';
  if (disabling) await assertNotLastAdmin(deps, actor, userId);
  if (input.email && input.email.toLowerCase() !== user.email.toLowerCase()) {
    const holder = await findUserByEmail(deps.db, input.email);
    if (holder && holder.id !== userId) throw new AppError('usernameOrEmailTaken');
  }
  await updateUserRow(deps.db, userId, input);
  // A locked or deactivated user is signed out everywhere at once.
  if (disabling) {
    deps.live.sessionsEnded(await revokeSessionsOfUser(deps.db, userId, input.isLocked ? 'locked' : 'deactivated'), 'userDisabled');
    // …and leaves the video visits they are in, so the others' calls drop them at once.
    await leaveAllSeatsOf(deps, (await findAccountsOfUser(deps.db, userId)).map((a) => a.account.id));
  }
  const updated = await findUserById(deps.db, userId);
  if (!updated) throw new AppError('notFound');
  return loadUserDto(deps.db, updated);
}

/** Users are deactivated, never erased: their clinical records and audit trail must stay whole. */
export async function deactivateUser(deps: Deps, actor: Actor, meta: RequestMeta, userId: string): Promise<User> {
  requireRouteRole(actor, 'admin');
  return updateUser(deps, actor, meta, userId, { status: 'inactive' });
}

/** A user's two-factor sign-in, for their organisation's admin (their own is in Settings → Security). */
export async function getUserTwoFactor(deps: Deps, actor: Actor, meta: RequestMeta, userId: string): Promise<UserTwoFactor> {
  await loadUserFor(deps, actor, meta, userId, 'users.twoFactor.read', true);
  return twoFactorOfUser(deps, userId);
}

/** An admin resets the two-factor sign-in of a user who lost their authenticator and recovery codes. */
export async function resetUserTwoFactor(deps: Deps, actor: Actor, meta: RequestMeta, userId: string): Promise<UserTwoFactor> {
  await loadUserFor(deps, actor, meta, userId, 'users.twoFactor.reset', true);
  await resetTwoFactorOfUser(deps, userId);
  return twoFactorOfUser(deps, userId);
}

export async function usernameAvailable(deps: Deps, username: string): Promise<{ username: string; available: boolean }> {
  return { username, available: !(await usernameInUse(deps.db, username, new Date())) };
}

/**
 * The e-mail check of spec §3. Anyone may ask, but only callers who need the answer get it: an
 * admin inviting, or the holder of a pending invitation asking about the invited address. Everyone
 * else gets the same answer for every address (`isExistingUser: null`, "not told"), so the check
 * is no way to learn who has an account here or of what type (issue 15, door 5).
 */
export async function checkEmail(
  deps: Deps,
  email: string,
  caller: { actor?: Actor; invitationToken?: string } = {},
): Promise<EmailCheckResponse> {
  const invitedEmail = caller.invitationToken ? await pendingInvitationEmail(deps, caller.invitationToken) : undefined;
  const entitled =
    (caller.actor !== undefined && hasRouteRole(caller.actor, 'admin')) ||
    (invitedEmail !== undefined && invitedEmail.toLowerCase() === email.toLowerCase());
  if (!entitled) return { email, isExistingUser: null, accountType: null };
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { email, isExistingUser: false, accountType: null };
  const main = (await findAccountsOfUser(deps.db, user.id)).find((a) => a.account.isDefault);
  // An admin learns the account type only of their own organisation's people (the address being
  // taken, they would learn anyway when the invitation is refused).
  const sameOrganisation = caller.actor === undefined || isSuper(caller.actor) || main?.account.organisationId === caller.actor.organisationId;
  return { email, isExistingUser: true, accountType: sameOrganisation ? (main?.account.accountType ?? null) : null };
}
