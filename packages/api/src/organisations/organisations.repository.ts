import { asc } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { organisations } from '../db/schema';
import { installBuiltInProfiles } from '../device-profiles/built-in-profiles';

/** Self sign-ups join the first organisation; a fresh install creates it. */
export async function defaultOrganisationId(db: Executor): Promise<string> {
  const [first] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .orderBy(asc(organisations.createdAt))
    .limit(1);
  if (first) return first.id;
  return insertOrganisation(db, 'My clinic');
}

/** A new organisation, with the built-in device profiles every organisation starts with. */
export async function insertOrganisation(db: Executor, name: string): Promise<string> {
  const [row] = await db.insert(organisations).values({ name }).returning({ id: organisations.id });
  if (!row) throw new Error('organisation insert returned nothing');
  await installBuiltInProfiles(db, row.id);
  return row.id;
}
