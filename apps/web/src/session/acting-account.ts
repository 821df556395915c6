import type { Account } from '@opencare/schemas/entities/account';
import type { User } from '@opencare/schemas/entities/user';

/**
 * The account the user acts as: the one the server names (the profile's accountId), else the
 * default account, which is the server's choice when a request names none.
 */
export function actingAccount(user: User, accountId?: string): Account | undefined {
  return (
    (accountId ? user.accounts.find((a) => a.id === accountId) : undefined) ??
    user.accounts.find((a) => a.isDefault) ??
    user.accounts[0]
  );
}
