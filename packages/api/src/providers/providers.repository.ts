import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accountRoles, accounts, profiles, providerProfiles } from '../db/schema';
import { CLINICIAN_ROLES } from '../patients/people.dto';
import { basicProfileColumns, nameMatches } from '../patients/patients.repository';

export interface ProviderFilter {
  organisationId: string;
  name?: string;
  specialty?: string;
  /** Only providers holding this role number. */
  role?: number;
}

/** Providers are the accounts holding a clinician role (physician, nurse, assistant). */
const holdsRole = (db: Executor, roles: readonly number[]) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(accountRoles)
      .where(and(eq(accountRoles.accountId, accounts.id), inArray(accountRoles.role, [...roles]))),
  );

/** Active providers of an organisation matching every criterion given, by last then first name. */
export async function listProviderRows(db: Executor, filter: ProviderFilter, page: number, pageSize: number) {
  const where = and(
    eq(accounts.organisationId, filter.organisationId),
    eq(accounts.status, 'active'),
    holdsRole(db, CLINICIAN_ROLES),
    filter.role !== undefined ? holdsRole(db, [filter.role]) : undefined,
    filter.name ? nameMatches(filter.name) : undefined,
    filter.specialty ? eq(providerProfiles.specialty, filter.specialty) : undefined,
  );
  const rows = await db
    .select({
      accountId: accounts.id,
      specialty: providerProfiles.specialty,
      clinicName: providerProfiles.clinicName,
      profile: basicProfileColumns,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(providerProfiles, eq(providerProfiles.accountId, accounts.id))
    .where(where)
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(accounts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(providerProfiles, eq(providerProfiles.accountId, accounts.id))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}
