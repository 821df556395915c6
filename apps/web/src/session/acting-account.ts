import type { Account } from '@opencare/schemas/entities/account';

/** The account flagged isDefault (spec §4); the first one if the server flagged none. */
export function defaultAccount<A extends Pick<Account, 'isDefault'>>(user: { accounts: A[] }): A | undefined {
  return user.accounts.find((a) => a.isDefault) ?? user.accounts[0];
}

/**
 * The account the user acts as: the one chosen in the account switcher while it is still one of
 * theirs, else the default account, which is also the server's choice when a request names none.
 */
export function actingAccount<A extends Pick<Account, 'id' | 'isDefault'>>(user: { accounts: A[] }, accountId?: string | null): A | undefined {
  return (accountId ? user.accounts.find((a) => a.id === accountId) : undefined) ?? defaultAccount(user);
}

/** The role numbers of an account's roles map, for the route guards' `hasAnyRole`. */
export function roleNumbersOf(account: Pick<Account, 'roles'>): number[] {
  return Object.values(account.roles).filter((n): n is number => typeof n === 'number');
}

export function isAccountActive(account: Account): boolean {
  return account.status.code === 'active';
}
