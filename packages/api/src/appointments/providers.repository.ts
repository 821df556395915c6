import { ROLES } from '@opencare/schemas/roles';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accountRoles, accounts, profiles, providerProfiles } from '../db/schema';

/** The roles a patient can book an appointment with. */
export const BOOKABLE_ROLES = [ROLES.Physician, ROLES.Nurse] as const;

/**
 * The bookable providers of an organisation: active provider accounts with a physician or nurse
 * role (an assistant or an admin also holds a provider account, but sees no patients of their own).
 */
export async function findBookableProviders(db: Executor, organisationId: string, accountId?: string) {
  const rows = await db
    .select({
      id: accounts.id,
      firstName: profiles.firstName,
      middleName: profiles.middleName,
      lastName: profiles.lastName,
      role: accountRoles.role,
      specialty: providerProfiles.specialty,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .innerJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
    .leftJoin(providerProfiles, eq(providerProfiles.accountId, accounts.id))
    .where(
      and(
        eq(accounts.organisationId, organisationId),
        eq(accounts.accountType, 'prov'),
        eq(accounts.status, 'active'),
        inArray(accountRoles.role, [...BOOKABLE_ROLES]),
        accountId ? eq(accounts.id, accountId) : undefined,
      ),
    )
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(accounts.id), asc(accountRoles.role));
  // A physician who is also a nurse is listed once, as a physician (the lower role number).
  return rows.filter((row, i) => rows.findIndex((r) => r.id === row.id) === i);
}
