import { ROUTE_ROLES, hasAnyRole } from '@opencare/schemas/role-table';
import { findAccount } from '../accounts/accounts.repository';
import type { Executor } from '../db/database';

export interface Contact {
  accountId: string;
  email: string | null;
}

/**
 * The active physicians, nurses and assistants of the organisation among `ids`, once each: the only
 * people an escalation tells (an account since moved, disabled or made admin is skipped).
 */
export async function cliniciansAmong(db: Executor, organisationId: string, ids: readonly (string | null | undefined)[]): Promise<Contact[]> {
  const contacts: Contact[] = [];
  for (const id of new Set(ids.filter((x): x is string => typeof x === 'string'))) {
    const record = await findAccount(db, id);
    if (!record || record.account.organisationId !== organisationId || record.account.status !== 'active') continue;
    if (!hasAnyRole(record.roles, ROUTE_ROLES.clinician)) continue;
    contacts.push({ accountId: id, email: record.profile.email ?? null });
  }
  return contacts;
}
