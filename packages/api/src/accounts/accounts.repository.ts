import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { startingWith } from '../db/like';
import type { Executor } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { accountRoles, accounts, patientProfiles, profiles, providerProfiles } from '../db/schema';
import { mrnPrefixOf } from '../settings/settings.service';


/** Explicit columns: what an account DTO needs, and nothing else. */
const accountColumns = {
  account: {
    id: accounts.id,
    userId: accounts.userId,
    organisationId: accounts.organisationId,
    accountNumber: accounts.accountNumber,
    accountLabel: accounts.accountLabel,
    accountType: accounts.accountType,
    status: accounts.status,
    isDefault: accounts.isDefault,
    isOnline: accounts.isOnline,
    lastSeen: accounts.lastSeen,
    preferences: accounts.preferences,
  },
  profile: {
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
  },
  // Left-joined objects lead with their key: drizzle reads a null first column as "no row".
  patient: {
    accountId: patientProfiles.accountId,
    mrn: patientProfiles.mrn,
    primaryProviderId: patientProfiles.primaryProviderId,
    emrId: patientProfiles.emrId,
    careTeamId: patientProfiles.careTeamId,
    medicalHistory: patientProfiles.medicalHistory,
    medications: patientProfiles.medications,
    allergies: patientProfiles.allergies,
    bloodType: patientProfiles.bloodType,
    fhirData: patientProfiles.fhirData,
  },
  provider: {
    accountId: providerProfiles.accountId,
    npi: providerProfiles.npi,
    clinicName: providerProfiles.clinicName,
    licenseNumber: providerProfiles.licenseNumber,
    yearsOfExperience: providerProfiles.yearsOfExperience,
    education: providerProfiles.education,
    certifications: providerProfiles.certifications,
    spokenLanguages: providerProfiles.spokenLanguages,
    specialty: providerProfiles.specialty,
  },
};

export type AccountRecord = Awaited<ReturnType<typeof selectAccounts>>[number];

/** The patient's primary provider, whose name comes with the patient. */
const primaryProvider = alias(profiles, 'primary_provider');

/** Accounts with their profiles, roles and primary provider's name, in one statement (issue 20: the per-request cost). */
function selectAccounts(db: Executor) {
  return db
    .select({
      ...accountColumns,
      roles: sql<number[]>`array(select ${accountRoles.role} from ${accountRoles} where ${accountRoles.accountId} = ${accounts.id} order by 1)`,
      primaryProviderName: sql<string | null>`${primaryProvider.firstName} || ' ' || ${primaryProvider.lastName}`,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .leftJoin(providerProfiles, eq(providerProfiles.accountId, accounts.id))
    .leftJoin(primaryProvider, eq(primaryProvider.accountId, patientProfiles.primaryProviderId))
    .$dynamic();
}

/** The status of the user's default account (`pending` while a self-signed-up patient waits for approval). */
export async function defaultAccountStatus(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: accounts.status })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.isDefault, true)));
  return row?.status;
}

/** A user's accounts, the default first. */
export async function findAccountsOfUser(db: Executor, userId: string): Promise<AccountRecord[]> {
  return selectAccounts(db)
    .where(eq(accounts.userId, userId))
    .orderBy(sql`${accounts.isDefault} desc`, asc(accounts.createdAt));
}

export async function findAccountsOfUsers(db: Executor, userIds: string[]): Promise<AccountRecord[]> {
  if (userIds.length === 0) return [];
  return selectAccounts(db)
    .where(inArray(accounts.userId, userIds))
    .orderBy(sql`${accounts.isDefault} desc`, asc(accounts.createdAt));
}

export async function findAccount(db: Executor, accountId: string): Promise<AccountRecord | undefined> {
  const [record] = await accountById(db).execute({ accountId });
  return record;
}

// Every check of access to a patient reads the patient's account: prepared, not built per call.
const accountById = preparedStatement((db) =>
  selectAccounts(db)
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare('account_by_id'),
);

/** What a search of an organisation's patients asks (FHIR Patient search): each given part must match. */
export interface PatientAccountFilter {
  organisationId: string;
  /** One patient only (a patient searching sees themself). */
  accountId?: string;
  /** Any part of the name starting with it, in any letter case. */
  name?: string;
  birthDate?: string;
  mrn?: string;
}

/** The organisation's patients (not those waiting for approval) matching `filter`, by name, a page at a time, with the total. */
export async function findPatientAccounts(db: Executor, filter: PatientAccountFilter, limit: number, offset: number): Promise<{ records: AccountRecord[]; total: number }> {
  const name = filter.name === undefined ? undefined : startingWith(filter.name);
  const where = and(
    eq(accounts.organisationId, filter.organisationId),
    eq(accounts.accountType, 'pat'),
    ne(accounts.status, 'pending'),
    filter.accountId ? eq(accounts.id, filter.accountId) : undefined,
    name ? or(ilike(profiles.firstName, name), ilike(profiles.middleName, name), ilike(profiles.lastName, name), ilike(profiles.preferredName, name)) : undefined,
    filter.birthDate ? eq(profiles.dateOfBirth, filter.birthDate) : undefined,
    filter.mrn ? eq(patientProfiles.mrn, filter.mrn) : undefined,
  );
  const [rows, counted] = await Promise.all([
    limit === 0 ? [] : selectAccounts(db).where(where).orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(accounts.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .leftJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
      .where(where),
  ]);
  return { records: rows, total: counted[0]?.n ?? 0 };
}

export type NewAccount = typeof accounts.$inferInsert;
export type NewProfile = Omit<typeof profiles.$inferInsert, 'accountId'>;

/** One account with its profile, roles and the extension its type needs. */
export async function insertAccount(
  db: Executor,
  account: NewAccount,
  profile: NewProfile,
  roles: number[],
  extension: { patient?: Partial<typeof patientProfiles.$inferInsert>; provider?: Partial<typeof providerProfiles.$inferInsert> } = {},
): Promise<string> {
  const [row] = await db.insert(accounts).values(account).returning({ id: accounts.id });
  if (!row) throw new Error('account insert returned nothing');
  await db.insert(profiles).values({ ...profile, accountId: row.id });
  if (roles.length > 0) await db.insert(accountRoles).values(roles.map((role) => ({ accountId: row.id, role })));
  if (account.accountType === 'pat' || extension.patient) {
    // The organisation's MRN prefix (patient-management setting) and the next number.
    const mrn = sql<string>`${await mrnPrefixOf(db, account.organisationId)} || nextval('mrn_seq')::text`;
    await db.insert(patientProfiles).values({ mrn, ...extension.patient, accountId: row.id });
  }
  if (account.accountType === 'prov' || extension.provider) {
    await db.insert(providerProfiles).values({ ...extension.provider, accountId: row.id });
  }
  return row.id;
}

export async function updateAccountRow(db: Executor, accountId: string, values: Partial<NewAccount>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(accounts).set(values).where(eq(accounts.id, accountId));
}

/** Make one account the user's default; the others lose the flag in the same transaction. */
export async function setDefaultAccount(db: Executor, userId: string, accountId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ isDefault: false }).where(and(eq(accounts.userId, userId), eq(accounts.isDefault, true)));
    await tx.update(accounts).set({ isDefault: true }).where(and(eq(accounts.userId, userId), eq(accounts.id, accountId)));
  });
}

export async function updateProfileRow(db: Executor, accountId: string, values: Partial<NewProfile>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(profiles).set(values).where(eq(profiles.accountId, accountId));
}

export async function listAccountsInOrganisation(db: Executor, organisationId: string | null, page: number, pageSize: number) {
  const where = organisationId ? eq(accounts.organisationId, organisationId) : undefined;
  const [rows, [count]] = await Promise.all([
    selectAccounts(db)
      .where(where)
      .orderBy(asc(accounts.accountNumber))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
