import type { AccountType } from '@opencare/schemas/lookups';

/** The caller, as every service sees it: the user, their session and the account they act as. */
export interface Actor {
  userId: string;
  sessionId: string;
  accountId: string;
  organisationId: string;
  accountType: AccountType;
  roles: number[];
}

/** Enough of an account to decide access to it. */
export interface AccountRef {
  accountId: string;
  userId: string;
  organisationId: string;
  accountType: AccountType;
  roles: number[];
}
