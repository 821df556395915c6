import type { HeldReading, ReviewHeldReadingInput } from '@opencare/schemas/entities/held-readings';
import type { CreateMeasurementInput } from '@opencare/schemas/entities/measurements';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import {
  closeHeldReading,
  findHeldReadings,
  listHeldOfPatient,
  type HeldReadingRow,
} from './held-readings.repository';
import { toHeldReadingDto } from './held-reading.dto';
import { numericValues } from './measurement.dto';
import { saveReadings } from './measurements.service';

/*
 * Gateway readings held for review (issue 21 part 5). A device that decodes a value outside
 * physiological limits (a systolic of 400, an SpO2 of 30) is more often wrong than the patient is
 * dying, and a refused reading was lost in the agent's rejected.log: so the edge keeps it apart
 * (gateway-readings.ts), where no task, alert, chart, average or report sees it, until a physician
 * or nurse of the patient decides. Accepted, it is stored as any reading is (saveReadings: classified,
 * alerting, completing a task) with the same id; rejected, it stays held apart as entered-in-error.
 * Both decisions are audited by the access check (patientFor) and kept on the row (who, when, why).
 * A reading a shared meter took under another user number (reason otherUser) is another person's:
 * it can only be rejected.
 */

/** How many held readings the review shows at once: a device sending nonsense for weeks is one problem, not 500 rows. */
const LIST_MAX = 100;

/** A patient's readings waiting for review, newest first: the patient's physicians and nurses. */
export async function listHeldReadings(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
): Promise<HeldReading[]> {
  await patientFor(deps, actor, meta, patientId, 'heldReadings.list', 'care', 'Read');
  return (await listHeldOfPatient(deps.db, patientId, LIST_MAX)).map(toHeldReadingDto);
}

/** The held reading of this patient, still waiting; 404 for another patient's (ids cannot be probed), 409 once reviewed. */
async function waiting(deps: Deps, patientId: string, readingId: string): Promise<HeldReadingRow> {
  const row = (await findHeldReadings(deps.db, [readingId])).get(readingId);
  if (!row || row.patientAccountId !== patientId) throw new AppError('notFound');
  if (row.status !== 'held') throw new AppError('heldReadingReviewed');
  return row;
}

async function reread(deps: Deps, id: string): Promise<HeldReading> {
  const row = (await findHeldReadings(deps.db, [id])).get(id);
  if (!row) throw new AppError('unknown');
  return toHeldReadingDto(row);
}

/**
 * The clinician vouches for the value: it becomes a normal reading with the held reading's id, time,
 * device and flags, in the transaction that closes the review (two clinicians accepting at once: the
 * second gets 409 and nothing is stored twice).
 */
export async function acceptHeldReading(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
  input: ReviewHeldReadingInput,
): Promise<HeldReading> {
  const patient = await patientFor(deps, actor, meta, patientId, 'heldReadings.accept', 'care', 'Update');
  const row = await waiting(deps, patientId, input.readingId);
  // Taken under another user of a shared meter: another person's values, never this patient's record.
  if (row.reason === 'otherUser') throw new AppError('heldReadingOtherUser');
  // Values outside the limits a typed-in reading must pass: built here, not parsed, on purpose.
  const reading = {
    id: row.id,
    type: row.type,
    values: numericValues(row.values),
    takenAt: row.takenAt.toISOString(),
    ...(row.note ? { note: row.note } : {}),
    ...(row.meal ? { meal: row.meal } : {}),
  } as CreateMeasurementInput;
  const flags = row.deviceFlags.filter((flag) => flag !== 'out-of-limits');
  const [saved] = await saveReadings(
    deps,
    patient,
    [
      {
        input: reading,
        origin: {
          source: 'gateway',
          ...(row.deviceId ? { deviceId: row.deviceId } : {}),
          createdByAccountId: actor.accountId,
          ...(row.deviceTakenAt ? { deviceTakenAt: row.deviceTakenAt } : {}),
          deviceFlags: flags,
        },
      },
    ],
    async (tx) => {
      const closed = await closeHeldReading(tx, row.id, {
        status: 'accepted',
        reviewedByAccountId: actor.accountId,
        reviewedAt: new Date(),
        reviewComment: input.comment || null,
      });
      if (!closed) throw new AppError('heldReadingReviewed');
    },
  );
  if (!saved) throw new AppError('unknown');
  if ('error' in saved) throw saved.error;
  // The same id stored already (its reading committed, its review not): the reading is in, so it is accepted.
  if (!saved.created)
    await closeHeldReading(deps.db, row.id, {
      status: 'accepted',
      reviewedByAccountId: actor.accountId,
      reviewedAt: new Date(),
      reviewComment: input.comment || null,
    });
  return reread(deps, row.id);
}

/** The clinician judges the value wrong: kept apart for good, as entered-in-error, with who and why. */
export async function rejectHeldReading(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
  input: ReviewHeldReadingInput,
): Promise<HeldReading> {
  await patientFor(deps, actor, meta, patientId, 'heldReadings.reject', 'care', 'Update');
  const row = await waiting(deps, patientId, input.readingId);
  const closed = await closeHeldReading(deps.db, row.id, {
    status: 'rejected',
    reviewedByAccountId: actor.accountId,
    reviewedAt: new Date(),
    reviewComment: input.comment || null,
  });
  if (!closed) throw new AppError('heldReadingReviewed');
  return reread(deps, row.id);
}
