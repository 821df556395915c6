import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { devices, heldReadings, profiles } from '../db/schema';

const columns = {
  id: heldReadings.id,
  organisationId: heldReadings.organisationId,
  patientAccountId: heldReadings.patientAccountId,
  deviceId: heldReadings.deviceId,
  gatewayId: heldReadings.gatewayId,
  type: heldReadings.type,
  values: heldReadings.values,
  meal: heldReadings.meal,
  note: heldReadings.note,
  takenAt: heldReadings.takenAt,
  deviceTakenAt: heldReadings.deviceTakenAt,
  deviceFlags: heldReadings.deviceFlags,
  outOfLimits: heldReadings.outOfLimits,
  reason: heldReadings.reason,
  userIndex: heldReadings.userIndex,
  userSlot: heldReadings.userSlot,
  status: heldReadings.status,
  receivedAt: heldReadings.receivedAt,
  reviewedAt: heldReadings.reviewedAt,
  reviewedByAccountId: heldReadings.reviewedByAccountId,
  reviewComment: heldReadings.reviewComment,
  deviceName: devices.name,
  reviewerFirstName: profiles.firstName,
  reviewerLastName: profiles.lastName,
};
export type HeldReadingRow = Awaited<ReturnType<typeof listHeldOfPatient>>[number];
export type NewHeldReading = typeof heldReadings.$inferInsert;

const selectHeld = (db: Executor) =>
  db
    .select(columns)
    .from(heldReadings)
    .leftJoin(devices, eq(devices.id, heldReadings.deviceId))
    .leftJoin(profiles, eq(profiles.accountId, heldReadings.reviewedByAccountId))
    .$dynamic();

/** The held readings (of any status) among these ids, by id. */
export async function findHeldReadings(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, HeldReadingRow>> {
  if (ids.length === 0) return new Map();
  const rows = await selectHeld(db).where(inArray(heldReadings.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Holds the readings whose ids are not held yet, in one statement; the ids this call held. */
export async function insertHeldReadings(db: Executor, rows: NewHeldReading[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(heldReadings)
    .values(rows)
    .onConflictDoNothing({ target: heldReadings.id })
    .returning({ id: heldReadings.id });
  return new Set(inserted.map((row) => row.id));
}

/** A patient's readings waiting for review, newest first (at most `limit`). */
export function listHeldOfPatient(db: Executor, patientAccountId: string, limit: number) {
  return selectHeld(db)
    .where(and(eq(heldReadings.patientAccountId, patientAccountId), eq(heldReadings.status, 'held')))
    .orderBy(desc(heldReadings.takenAt), desc(heldReadings.id))
    .limit(limit);
}

/**
 * Ends the review of a held reading, only while it is still held: false when someone else reviewed
 * it first (the row is taken by this update, so two clinicians cannot both accept it).
 */
export async function closeHeldReading(
  db: Executor,
  id: string,
  review: {
    status: 'accepted' | 'rejected';
    reviewedByAccountId: string;
    reviewedAt: Date;
    reviewComment: string | null;
  },
): Promise<boolean> {
  const updated = await db
    .update(heldReadings)
    .set(review)
    .where(and(eq(heldReadings.id, id), eq(heldReadings.status, 'held')))
    .returning({ id: heldReadings.id });
  return updated.length === 1;
}

/**
 * A patient's held and rejected readings of these types, newest first (at most `limit`): FHIR shows
 * them as preliminary and entered-in-error Observations (an accepted one is a measurement). Never
 * another user's reading of a shared meter: it is not this patient's, in any status.
 */
export function heldOfPatientForFhir(
  db: Executor,
  patientAccountId: string,
  types: readonly string[],
  limit: number,
) {
  return selectHeld(db)
    .where(
      and(
        eq(heldReadings.patientAccountId, patientAccountId),
        inArray(heldReadings.type, [...types]),
        inArray(heldReadings.status, ['held', 'rejected']),
        eq(heldReadings.reason, 'outOfLimits'),
      ),
    )
    .orderBy(desc(heldReadings.takenAt), desc(heldReadings.id))
    .limit(limit);
}
