import type { GatewayReadingDevice, ReadingOutcome } from '@opencare/schemas/entities/gateways';
import type { HeldReadingReason } from '@opencare/schemas/entities/held-readings';
import { TAKEN_AT_MAX_SKEW_MS, type DeviceReadingAnyValues } from '@opencare/schemas/entities/measurements';
import type { AccountRecord } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { findHeldReadings, insertHeldReadings } from '../measurements/held-readings.repository';
import { findMeasurements } from '../measurements/measurements.repository';

/**
 * A gateway reading to hold for review: well formed, from a device of the patient, with values
 * outside physiological limits (outOfLimits) or taken under another user number of a shared meter
 * (otherUser: another person's, whatever its values).
 */
export interface ReadingToHold {
  hold: DeviceReadingAnyValues;
  deviceId: string;
  /** The fields outside limits (fieldsOutsideLimits); may be empty for otherUser. */
  outside: string[];
  device: GatewayReadingDevice | undefined;
  reason: HeldReadingReason;
  /** otherUser: the index the meter sent and the patient's number on it. */
  user?: { userIndex: number; userSlot: number };
}

/** The held outcome; the reason only when it is another user's (the agent's answer stays as it was otherwise). */
const heldAnswer = (id: string, fields: string[], reason: HeldReadingReason): ReadingOutcome =>
  reason === 'otherUser' ? { id, status: 'held', fields, reason } : { id, status: 'held', fields };

const canonical = (value: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))));

const refusal = (
  id: string,
  key: 'idempotencyKeyReused' | 'validationFailed',
  message: string,
): ReadingOutcome => ({ id, status: 'rejected', key, message });

/**
 * Holds a batch's readings outside physiological limits apart from the measurements
 * (held-readings.service.ts says why), in one transaction with its audit entry. Idempotent as the
 * normal path is: a retry of a held reading is answered `held` again, of one a clinician accepted
 * since `duplicate`; an id reused for another reading is refused. Answers in the order given.
 */
export async function holdReadings(
  deps: Deps,
  meta: RequestMeta,
  patient: AccountRecord,
  gatewayId: string,
  readings: readonly ReadingToHold[],
): Promise<ReadingOutcome[]> {
  if (readings.length === 0) return [];
  const ids = readings.map((r) => r.hold.id);
  const [held, stored] = await Promise.all([findHeldReadings(deps.db, ids), findMeasurements(deps.db, ids)]);
  const now = new Date();
  const answers: ReadingOutcome[] = [];
  const rows = new Map<string, Parameters<typeof insertHeldReadings>[1][number]>();
  for (const { hold, deviceId, outside, device, reason, user } of readings) {
    const takenAt = hold.takenAt ? new Date(hold.takenAt) : now;
    const before = held.get(hold.id) ?? stored.get(hold.id);
    if (before) {
      const same =
        before.patientAccountId === patient.account.id &&
        before.type === hold.type &&
        canonical(before.values) === canonical(hold.values);
      if (!same)
        answers.push(
          refusal(
            hold.id,
            'idempotencyKeyReused',
            'This idempotency key was already used with a different request.',
          ),
        );
      else {
        const heldBefore = held.get(hold.id);
        answers.push(
          stored.has(hold.id) || !heldBefore
            ? { id: hold.id, status: 'duplicate' }
            : heldAnswer(hold.id, heldBefore.outOfLimits, heldBefore.reason),
        );
      }
      continue;
    }
    if (takenAt.getTime() > now.getTime() + TAKEN_AT_MAX_SKEW_MS) {
      answers.push(
        refusal(
          hold.id,
          'validationFailed',
          'The request is not valid. takenAt: The time cannot be in the future.',
        ),
      );
      continue;
    }
    // The same id twice in one batch is held once.
    rows.set(hold.id, {
      id: hold.id,
      organisationId: patient.account.organisationId,
      patientAccountId: patient.account.id,
      deviceId,
      gatewayId,
      type: hold.type,
      values: hold.values,
      meal: 'meal' in hold ? (hold.meal ?? null) : null,
      note: hold.note || null,
      takenAt,
      deviceTakenAt: device?.takenAt ? new Date(device.takenAt) : null,
      // The edge's own judgement is what flags it: out-of-limits whether or not the agent set it, and
      // only then (another user's reading with plausible values is not out of limits).
      deviceFlags: [...new Set([...(outside.length > 0 ? ['out-of-limits'] : []), ...(device?.flags ?? []).filter((f) => f !== 'out-of-limits')])],
      outOfLimits: outside,
      reason,
      userIndex: user?.userIndex ?? null,
      userSlot: user?.userSlot ?? null,
      receivedAt: now,
    });
    answers.push(heldAnswer(hold.id, outside, reason));
  }
  if (rows.size > 0) {
    await deps.db.transaction(async (tx) => {
      await insertHeldReadings(tx, [...rows.values()]);
      await audit(tx, null, meta, {
        action: 'gateways.readings.hold',
        resourceType: 'patient',
        resourceId: patient.account.id,
        actorGatewayId: gatewayId,
        outcome: 'allowed',
      });
    });
  }
  return answers;
}
