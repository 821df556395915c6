import { ACCOUNT_TYPES, type AccountType } from '@opencare/schemas/lookups';
import { roleFitsAccountType, type RoleName } from '@opencare/schemas/role-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The roles an admin may give: Super is never handed out from the console (the schemas refuse it). */
export const GRANTABLE_ROLES = [
  'Physician',
  'Nurse',
  'Assistant',
  'Patient',
  'Admin',
  'User',
] as const satisfies readonly Exclude<RoleName, 'Super'>[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const ACCOUNT_TYPE_CODES = Object.keys(ACCOUNT_TYPES) as AccountType[];

/** The account type a role usually comes with, chosen for the admin when they pick the role. */
export const USUAL_ACCOUNT_TYPE: Record<GrantableRole, AccountType> = {
  Physician: 'prov',
  Nurse: 'prov',
  Assistant: 'prov',
  Patient: 'pat',
  Admin: 'prov',
  User: 'car',
};

/**
 * The account type a role keeps when it is chosen: the one already chosen if the role fits it
 * (ACCOUNT_TYPE_ROLES), else the role's usual one, so the form never holds a pair the server refuses.
 */
export function accountTypeFor(role: GrantableRole, chosen: AccountType | ''): AccountType {
  return chosen !== '' && roleFitsAccountType(chosen, role) ? chosen : USUAL_ACCOUNT_TYPE[role];
}

/** The account types offered beside a role: only those the role may hold. */
export function accountTypesOf(role: GrantableRole | ''): AccountType[] {
  return ACCOUNT_TYPE_CODES.filter((type) => role === '' || roleFitsAccountType(type, role));
}

export function isGrantableRole(value: string): value is GrantableRole {
  return (GRANTABLE_ROLES as readonly string[]).includes(value);
}

export function isAccountType(value: string): value is AccountType {
  return Object.hasOwn(ACCOUNT_TYPES, value);
}

/** Dates and times as the reader's language writes them. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);
}

/** "Nurse and Patient": a list as the reader's language joins one (Arabic with و, not commas). */
export function useListJoin(): (items: readonly string[]) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
    return (items: readonly string[]) => format.format(items);
  }, [i18n.language]);
}
