import { and, desc, eq, isNull } from 'drizzle-orm';
import type { GuestRole } from '@opencare/schemas/entities/visits';
import type { Executor } from '../db/database';
import { telehealthInvitations } from '../db/schema';

/** Guest links to visits. Only the key's SHA-256 hash is stored. */

const columns = {
  id: telehealthInvitations.id,
  organisationId: telehealthInvitations.organisationId,
  visitId: telehealthInvitations.visitId,
  fullName: telehealthInvitations.fullName,
  email: telehealthInvitations.email,
  role: telehealthInvitations.role,
  expiresAt: telehealthInvitations.expiresAt,
  revokedAt: telehealthInvitations.revokedAt,
  createdAt: telehealthInvitations.createdAt,
};

export type TelehealthInvitationRow = NonNullable<Awaited<ReturnType<typeof findTelehealthInvitation>>>;

export async function insertTelehealthInvitation(
  db: Executor,
  values: {
    organisationId: string;
    visitId: string;
    keyHash: string;
    fullName: string;
    email: string;
    role: GuestRole;
    expiresAt: Date;
    createdByAccountId: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(telehealthInvitations)
    .values(values)
    .returning({ id: telehealthInvitations.id });
  if (!row) throw new Error('telehealth invitation insert returned nothing');
  return row.id;
}

export async function findTelehealthInvitation(db: Executor, id: string) {
  const [row] = await db.select(columns).from(telehealthInvitations).where(eq(telehealthInvitations.id, id));
  return row;
}

export async function findTelehealthInvitationByKeyHash(db: Executor, keyHash: string) {
  const [row] = await db
    .select(columns)
    .from(telehealthInvitations)
    .where(eq(telehealthInvitations.keyHash, keyHash));
  return row;
}

export async function listTelehealthInvitationsOfVisit(db: Executor, visitId: string) {
  return db
    .select(columns)
    .from(telehealthInvitations)
    .where(eq(telehealthInvitations.visitId, visitId))
    .orderBy(desc(telehealthInvitations.createdAt), desc(telehealthInvitations.id));
}

export async function revokeTelehealthInvitationRow(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(telehealthInvitations)
    .set({ revokedAt: at })
    .where(and(eq(telehealthInvitations.id, id), isNull(telehealthInvitations.revokedAt)));
}
