import type { Account, AccountListQuery, CreateAccountInput, UpdateAccountInput } from '@opencare/schemas/entities/account';
import type { AnyProfile } from '@opencare/schemas/entities/profile';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { ROLES, roleNameOf, type RoleNumber } from '@opencare/schemas/roles';
import { assertRoleFitsAccountType, authorize, authorizeRecord, canReadAccount, canWriteAccount, hasRouteRole, isSuper, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { leaveAllSeatsOf } from '../visits/visit-seats';
import { findUserById } from '../users/users.repository';
import { toAccountDto, toAccountRef, toProfileDto } from './account.dto';
import {
  findAccount,
  findAccountsOfUser,
  insertAccount,
  listAccountsInOrganisation,
  setDefaultAccount,
  updateAccountRow,
  type AccountRecord,
} from './accounts.repository';

const DEFAULT_ROLE_OF_TYPE: Record<CreateAccountInput['accountType'], RoleNumber> = {
  pat: ROLES.Patient,
  car: ROLES.User,
  prov: ROLES.User,
  ins: ROLES.User,
};

async function loadAccountFor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  accountId: string,
  action: string,
  decide: (actor: Actor, target: ReturnType<typeof toAccountRef>) => boolean,
): Promise<AccountRecord> {
  const record = await findAccount(deps.db, accountId);
  if (!record) throw new AppError('notFound');
  await authorizeRecord(deps, actor, meta, [record.account.organisationId], {
    action,
    resourceType: 'account',
    resourceId: accountId,
    allowed: decide(actor, toAccountRef(record)),
  });
  return record;
}

/** Without a user: one's own accounts, or the organisation's for an admin. With one: that user's, for an admin. */
export async function listAccounts(deps: Deps, actor: Actor, meta: RequestMeta, query: AccountListQuery): Promise<{ items: Account[]; meta: ListMeta }> {
  if (query.userId && query.userId !== actor.userId) {
    const records = await findAccountsOfUser(deps.db, query.userId);
    const allowed = hasRouteRole(actor, 'admin') && records.every((r) => canReadAccount(actor, toAccountRef(r)));
    await authorize(deps, actor, meta, { action: 'accounts.list', resourceType: 'user', resourceId: query.userId, allowed });
    return { items: records.map(toAccountDto), meta: listMeta(records.length, 1, Math.max(records.length, 1)) };
  }
  if (!query.userId && hasRouteRole(actor, 'admin')) {
    const { rows, total } = await listAccountsInOrganisation(deps.db, isSuper(actor) ? null : actor.organisationId, query.page, query.pageSize);
    await authorize(deps, actor, meta, { action: 'accounts.list', resourceType: 'organisation', resourceId: actor.organisationId, allowed: true });
    return { items: rows.map(toAccountDto), meta: listMeta(total, query.page, query.pageSize) };
  }
  const own = await findAccountsOfUser(deps.db, actor.userId);
  await authorize(deps, actor, meta, { action: 'accounts.list', resourceType: 'user', resourceId: actor.userId, allowed: true });
  return { items: own.map(toAccountDto), meta: listMeta(own.length, 1, Math.max(own.length, 1)) };
}

export async function getAccount(deps: Deps, actor: Actor, meta: RequestMeta, accountId: string): Promise<Account> {
  return toAccountDto(await loadAccountFor(deps, actor, meta, accountId, 'accounts.read', canReadAccount));
}

export async function getAccountProfile(deps: Deps, actor: Actor, meta: RequestMeta, accountId: string): Promise<AnyProfile> {
  return toProfileDto(await loadAccountFor(deps, actor, meta, accountId, 'accounts.profile.read', canReadAccount));
}

/** Admins add accounts to users of their organisation (a caregiver's patient account, say). */
export async function createAccount(deps: Deps, actor: Actor, meta: RequestMeta, input: CreateAccountInput): Promise<Account> {
  requireRouteRole(actor, 'admin');
  const role = input.role ?? roleNameOf(DEFAULT_ROLE_OF_TYPE[input.accountType]);
  assertRoleFitsAccountType(input.accountType, role);
  const userId = input.userId ?? actor.userId;
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('notFound');
  const existing = await findAccountsOfUser(deps.db, userId);
  const inOrganisation = existing.length === 0 || existing.some((r) => canReadAccount(actor, toAccountRef(r)));
  await authorize(deps, actor, meta, { action: 'accounts.create', resourceType: 'user', resourceId: userId, allowed: inOrganisation });
  const names = input.profile ?? existing[0]?.profile ?? { firstName: user.username, lastName: '' };
  const makeDefault = input.isDefault === true || existing.length === 0;
  const accountId = await deps.db.transaction(async (tx) => {
    const id = await insertAccount(
      tx,
      { userId, organisationId: actor.organisationId, accountType: input.accountType, accountLabel: input.accountLabel ?? null },
      { firstName: names.firstName, lastName: names.lastName, email: user.email, phone: user.phone },
      [ROLES[role]],
    );
    if (makeDefault) await setDefaultAccount(tx, userId, id);
    return id;
  });
  const created = await findAccount(deps.db, accountId);
  if (!created) throw new AppError('notFound');
  return toAccountDto(created);
}

export async function updateAccount(deps: Deps, actor: Actor, meta: RequestMeta, accountId: string, input: UpdateAccountInput): Promise<Account> {
  const record = await loadAccountFor(deps, actor, meta, accountId, 'accounts.update', canWriteAccount);
  const ref = toAccountRef(record);
  const adminOfAccount = hasRouteRole(actor, 'admin') && (isSuper(actor) || ref.organisationId === actor.organisationId);
  if (input.status !== undefined) {
    if (!adminOfAccount) throw new AppError('err_forbidden');
    if (input.status === 'inactive' && record.account.isDefault) throw new AppError('defaultAccountRequired');
  }
  await updateAccountRow(deps.db, accountId, {
    ...(input.accountLabel !== undefined ? { accountLabel: input.accountLabel } : {}),
    ...(input.preferences ? { preferences: { ...record.account.preferences, ...input.preferences } } : {}),
    ...(input.status ? { status: input.status } : {}),
  });
  // Whoever is acting as a deactivated account right now stops (their handshake is refused from now).
  if (input.status === 'inactive') {
    deps.live.accountDisabled(accountId);
    await leaveAllSeatsOf(deps, [accountId]);
  }
  if (input.isDefault) {
    if (record.account.status !== 'active') throw new AppError('accountInactive');
    await setDefaultAccount(deps.db, ref.userId, accountId);
  }
  const updated = await findAccount(deps.db, accountId);
  if (!updated) throw new AppError('notFound');
  return toAccountDto(updated);
}

/** Accounts are deactivated, not erased; the default account stays until another takes its place. */
export async function deactivateAccount(deps: Deps, actor: Actor, meta: RequestMeta, accountId: string): Promise<Account> {
  requireRouteRole(actor, 'admin');
  return updateAccount(deps, actor, meta, accountId, { status: 'inactive' });
}
