import type { User, UserListItem } from '@opencare/schemas/entities/user';
import { roleNameOf, type RoleName } from '@opencare/schemas/roles';
import type { Executor } from '../db/database';
import { toAccountDto, fullNameOf, initialsOf } from '../accounts/account.dto';
import { findAccountsOfUser, type AccountRecord } from '../accounts/accounts.repository';
import type { UserRow } from './users.repository';

/** The User of spec §3: names come from the default account's profile. */
export function toUserDto(user: UserRow, accounts: AccountRecord[]): User {
  const main = accounts.find((a) => a.account.isDefault) ?? accounts[0];
  return {
    id: user.id,
    username: user.username,
    fullName: main ? fullNameOf(main.profile) : user.username,
    initials: main ? initialsOf(main.profile) : user.username.slice(0, 2).toUpperCase(),
    isLocked: user.isLocked,
    isVerified: user.isVerified,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    accounts: accounts.map(toAccountDto),
  };
}

export async function loadUserDto(db: Executor, user: UserRow): Promise<User> {
  return toUserDto(user, await findAccountsOfUser(db, user.id));
}

export function toUserListItem(user: UserRow, accounts: AccountRecord[]): UserListItem {
  const main = accounts.find((a) => a.account.isDefault) ?? accounts[0];
  const roles = [...new Set(accounts.flatMap((a) => a.roles.map(roleNameOf)))] as RoleName[];
  return {
    id: user.id,
    username: user.username,
    fullName: main ? fullNameOf(main.profile) : user.username,
    email: user.email,
    isLocked: user.isLocked,
    isVerified: user.isVerified,
    status: user.status,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    roles,
  };
}
