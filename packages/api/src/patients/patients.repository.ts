import { and, asc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { accountRoles, accounts, careTeamMembers, patientProfiles, profiles } from '../db/schema';
import { CLINICIAN_ROLES } from './people.dto';
import { containing } from '../db/like';
import { patientOrderBy, type PatientOrder } from './patient-list-columns.repository';

/** Explicit columns: the basic profile fields of spec §3, nothing more. */
export const basicProfileColumns = {
  firstName: profiles.firstName,
  middleName: profiles.middleName,
  lastName: profiles.lastName,
  preferredName: profiles.preferredName,
  dateOfBirth: profiles.dateOfBirth,
  gender: profiles.gender,
  preferredLanguage: profiles.preferredLanguage,
  timezone: profiles.timezone,
  email: profiles.email,
  phone: profiles.phone,
};

/** Every word must be found in one of the person's names ("pat morgan", "morgan", "Morgan Pat"). */
export function nameMatches(name: string): SQL | undefined {
  const words = name.split(/\s+/).filter(Boolean);
  return and(
    ...words.map((word) =>
      or(
        ilike(profiles.firstName, containing(word)),
        ilike(profiles.middleName, containing(word)),
        ilike(profiles.lastName, containing(word)),
        ilike(profiles.preferredName, containing(word)),
      ),
    ),
  );
}

/**
 * The search box's patients: a name or the MRN matches. Each is looked up on its own table, where
 * its trigram index serves it (migration 0025); an OR across the two tables of the page's join
 * would be checked row by row against every patient of the organisation instead.
 */
function searchBoxMatches(db: Executor, search: string): SQL {
  const byMrn = db
    .select({ accountId: patientProfiles.accountId })
    .from(patientProfiles)
    .where(ilike(patientProfiles.mrn, containing(search)));
  const byName = nameMatches(search);
  if (!byName) return inArray(accounts.id, byMrn);
  return inArray(accounts.id, db.select({ accountId: profiles.accountId }).from(profiles).where(byName).unionAll(byMrn));
}

export interface PatientFilter {
  organisationId: string;
  /** Only this patient (a patient asking for the list sees themself). */
  accountId?: string;
  /** A name or an MRN: the one search box. */
  search?: string;
  name?: string;
  mrn?: string;
  dateOfBirth?: string;
}

/** A person's full name as every list shows it: first, middle and last, those given. */
export const fullNameOf = (name: { firstName: string | null; middleName: string | null; lastName: string | null }) =>
  [name.firstName, name.middleName, name.lastName].filter(Boolean).join(' ');

const providerProfiles = alias(profiles, 'provider_profile');

/**
 * A page of the active patients of an organisation matching every criterion given, in the order
 * asked, with each one's primary provider's name (null without one).
 */
export async function listPatientRows(db: Executor, filter: PatientFilter, order: PatientOrder, page: number, pageSize: number) {
  const where = and(
    eq(accounts.organisationId, filter.organisationId),
    eq(accounts.status, 'active'),
    filter.accountId ? eq(accounts.id, filter.accountId) : undefined,
    filter.search ? searchBoxMatches(db, filter.search) : undefined,
    filter.name ? nameMatches(filter.name) : undefined,
    filter.mrn ? ilike(patientProfiles.mrn, containing(filter.mrn)) : undefined,
    filter.dateOfBirth ? eq(profiles.dateOfBirth, filter.dateOfBirth) : undefined,
  );
  const found = await db
    .select({
      accountId: accounts.id,
      mrn: patientProfiles.mrn,
      primaryProviderId: patientProfiles.primaryProviderId,
      isOnline: accounts.isOnline,
      lastSeen: accounts.lastSeen,
      profile: basicProfileColumns,
      provider: { firstName: providerProfiles.firstName, middleName: providerProfiles.middleName, lastName: providerProfiles.lastName },
      // Every match counted beside each row of the page: the page and its total in one statement.
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(accounts)
    .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(providerProfiles, eq(providerProfiles.accountId, patientProfiles.primaryProviderId))
    .where(where)
    .orderBy(...patientOrderBy(db, order))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rows = found.map(({ total: _total, provider, ...row }) => ({
    ...row,
    primaryProviderName: provider && row.primaryProviderId ? fullNameOf(provider) : null,
  }));
  // A page past the end has no row to carry the total: only then is it counted on its own.
  if (found[0]) return { rows, total: found[0].total };
  return { rows, total: page > 1 ? await countPatientRows(db, where) : 0 };
}

async function countPatientRows(db: Executor, where: SQL | undefined): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(where);
  return count?.n ?? 0;
}

/** Full names of accounts (primary providers, care team), by account id. */
export async function findNames(db: Executor, accountIds: string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: profiles.accountId,
      firstName: profiles.firstName,
      middleName: profiles.middleName,
      lastName: profiles.lastName,
    })
    .from(profiles)
    .where(inArray(profiles.accountId, [...new Set(accountIds)]));
  return new Map(rows.map((r) => [r.accountId, fullNameOf(r)]));
}

/** The role numbers of some accounts. */
export async function findRoles(db: Executor, accountIds: string[]): Promise<Map<string, number[]>> {
  const roles = new Map<string, number[]>();
  if (accountIds.length === 0) return roles;
  const rows = await db
    .select({ accountId: accountRoles.accountId, role: accountRoles.role })
    .from(accountRoles)
    .where(inArray(accountRoles.accountId, accountIds));
  for (const row of rows) roles.set(row.accountId, [...(roles.get(row.accountId) ?? []), row.role]);
  return roles;
}

/** The accounts on a patient's care team with their names and role numbers, in the order they joined. */
export async function findCareTeam(db: Executor, patientAccountId: string) {
  const rows = await db
    .select({
      accountId: careTeamMembers.providerAccountId,
      firstName: profiles.firstName,
      middleName: profiles.middleName,
      lastName: profiles.lastName,
      roles: sql<number[]>`coalesce(array_agg(${accountRoles.role}) filter (where ${accountRoles.role} is not null), '{}')`,
    })
    .from(careTeamMembers)
    .leftJoin(profiles, eq(profiles.accountId, careTeamMembers.providerAccountId))
    .leftJoin(accountRoles, eq(accountRoles.accountId, careTeamMembers.providerAccountId))
    .where(eq(careTeamMembers.patientAccountId, patientAccountId))
    .groupBy(careTeamMembers.providerAccountId, careTeamMembers.createdAt, profiles.firstName, profiles.middleName, profiles.lastName)
    .orderBy(asc(careTeamMembers.createdAt));
  return rows.map((row) => ({ accountId: row.accountId, fullName: fullNameOf(row), roles: row.roles.map(Number) }));
}

/** Which of these accounts are active clinicians (physician, nurse, assistant) of the organisation. */
export async function findClinicianIds(
  db: Executor,
  organisationId: string,
  accountIds: string[],
): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .select({ accountId: accounts.id })
    .from(accounts)
    .innerJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
    .where(
      and(
        inArray(accounts.id, accountIds),
        eq(accounts.organisationId, organisationId),
        eq(accounts.status, 'active'),
        inArray(accountRoles.role, [...CLINICIAN_ROLES]),
      ),
    )
    .groupBy(accounts.id);
  return new Set(rows.map((r) => r.accountId));
}

export interface PatientCareValues {
  primaryProviderId?: string | null;
  medicalHistory?: string[];
  medications?: string[];
  allergies?: string[];
  bloodType?: string | null;
}

export async function updatePatientCareRow(
  db: Executor,
  patientAccountId: string,
  values: PatientCareValues,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(patientProfiles).set(values).where(eq(patientProfiles.accountId, patientAccountId));
}

/** The care team becomes exactly these providers; members who stay keep when they joined. */
export async function replaceCareTeam(
  db: Executor,
  patientAccountId: string,
  providerAccountIds: string[],
): Promise<void> {
  await db
    .delete(careTeamMembers)
    .where(
      and(
        eq(careTeamMembers.patientAccountId, patientAccountId),
        providerAccountIds.length > 0
          ? notInArray(careTeamMembers.providerAccountId, providerAccountIds)
          : undefined,
      ),
    );
  await addCareTeamMembers(db, patientAccountId, providerAccountIds);
}

export async function addCareTeamMembers(
  db: Executor,
  patientAccountId: string,
  providerAccountIds: string[],
): Promise<void> {
  if (providerAccountIds.length === 0) return;
  await db
    .insert(careTeamMembers)
    .values(providerAccountIds.map((providerAccountId) => ({ patientAccountId, providerAccountId })))
    .onConflictDoNothing();
}
