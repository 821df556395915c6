import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, caregiverLinks } from '../db/schema';

export type CaregiverLinkRow = typeof caregiverLinks.$inferSelect;

/** What the caregiver may do for the patient under an active link; null when no link is active. */
export async function grantedScopes(db: Executor, caregiverAccountId: string, patientAccountId: string): Promise<string[] | null> {
  const [row] = await db
    .select({ scopes: caregiverLinks.scopes })
    .from(caregiverLinks)
    .where(
      and(
        eq(caregiverLinks.caregiverAccountId, caregiverAccountId),
        eq(caregiverLinks.patientAccountId, patientAccountId),
        eq(caregiverLinks.status, 'active'),
      ),
    );
  return row?.scopes ?? null;
}

export async function findLink(db: Executor, id: string): Promise<CaregiverLinkRow | undefined> {
  const [row] = await db.select().from(caregiverLinks).where(eq(caregiverLinks.id, id));
  return row;
}

/** A patient's caregivers: open ones first, then the ended, newest first. */
export function linksOfPatient(db: Executor, patientAccountId: string): Promise<CaregiverLinkRow[]> {
  return db
    .select()
    .from(caregiverLinks)
    .where(eq(caregiverLinks.patientAccountId, patientAccountId))
    .orderBy(sql`${caregiverLinks.status} IN ('invited', 'active') DESC`, desc(caregiverLinks.createdAt))
    .limit(100);
}

/** An organisation's open links (the admin's list), newest first. */
export function openLinksOfOrganisation(db: Executor, organisationId: string): Promise<CaregiverLinkRow[]> {
  return db
    .select()
    .from(caregiverLinks)
    .where(and(eq(caregiverLinks.organisationId, organisationId), inArray(caregiverLinks.status, ['invited', 'active'])))
    .orderBy(desc(caregiverLinks.createdAt))
    .limit(200);
}

/** The caregiver's active links, and the invitations sent to their address that wait for an answer. */
export function linksOfCaregiver(db: Executor, caregiverAccountId: string, email: string): Promise<CaregiverLinkRow[]> {
  return db
    .select()
    .from(caregiverLinks)
    .innerJoin(accounts, eq(accounts.id, caregiverLinks.patientAccountId))
    .where(
      and(
        eq(accounts.status, 'active'),
        or(
          and(eq(caregiverLinks.caregiverAccountId, caregiverAccountId), eq(caregiverLinks.status, 'active')),
          and(eq(caregiverLinks.email, email.toLowerCase()), eq(caregiverLinks.status, 'invited')),
        ),
      ),
    )
    .orderBy(caregiverLinks.createdAt)
    .then((rows) => rows.map((r) => r.caregiver_links));
}

/** Insert an open link; undefined when the patient already has one open for this address. */
export async function insertLink(db: Executor, values: typeof caregiverLinks.$inferInsert): Promise<CaregiverLinkRow | undefined> {
  const [row] = await db.insert(caregiverLinks).values(values).onConflictDoNothing().returning();
  return row;
}

/** Change a link that is still in the status read (a race with another answer changes nothing). */
export async function updateLink(
  db: Executor,
  row: Pick<CaregiverLinkRow, 'id' | 'status'>,
  values: Partial<typeof caregiverLinks.$inferInsert>,
): Promise<CaregiverLinkRow | undefined> {
  const [updated] = await db
    .update(caregiverLinks)
    .set(values)
    .where(and(eq(caregiverLinks.id, row.id), eq(caregiverLinks.status, row.status)))
    .returning();
  return updated;
}
