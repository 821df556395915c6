import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, organisations, organisationSettings } from '../db/schema';

export async function findAreaValues(
  db: Executor,
  organisationId: string,
  area: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ values: organisationSettings.values })
    .from(organisationSettings)
    .where(and(eq(organisationSettings.organisationId, organisationId), eq(organisationSettings.area, area)));
  return row?.values;
}

export async function upsertAreaValues(
  db: Executor,
  organisationId: string,
  area: string,
  values: Record<string, unknown>,
  updatedBy: string | null,
): Promise<void> {
  await db
    .insert(organisationSettings)
    .values({ organisationId, area, values, updatedBy })
    .onConflictDoUpdate({
      target: [organisationSettings.organisationId, organisationSettings.area],
      set: { values, updatedBy, updatedAt: new Date() },
    });
}

export async function findOrganisationName(
  db: Executor,
  organisationId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.name;
}

export async function updateOrganisationName(
  db: Executor,
  organisationId: string,
  name: string,
): Promise<void> {
  await db.update(organisations).set({ name }).where(eq(organisations.id, organisationId));
}

/** The organisation whose face the sign-in screen shows: the first one, as self sign-ups join it. */
export async function firstOrganisationId(db: Executor): Promise<string | undefined> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .orderBy(asc(organisations.createdAt))
    .limit(1);
  return row?.id;
}

/** The organisation of a user's default account: its security settings govern the user's sessions. */
export async function organisationOfUser(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organisationId: accounts.organisationId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.isDefault, true)));
  return row?.organisationId;
}
