import type { Account } from '@opencare/schemas/entities/account';
import { accountTypeSchema } from '@opencare/schemas/lookups';
import type { TFunction } from 'i18next';

/**
 * How an account is named to its user: the label they gave it, else its type in their language
 * (the server's description is en-US only).
 */
export function accountName(t: TFunction, account: Account): string {
  if (account.accountLabel) return account.accountLabel;
  const type = accountTypeSchema.safeParse(account.accountType.code);
  return type.success ? t(`accountTypes.${type.data}`) : account.accountType.description;
}
