import { USER_SLOT_UNKNOWN, gatewayReadingAnyValuesSchema, gatewayReadingSchema, type GatewayReadingDevice, type ReadingOutcome } from '@opencare/schemas/entities/gateways';
import { fieldsOutsideLimits } from '@opencare/schemas/entities/measurements';
import { ERRORS } from '@opencare/schemas/errors';
import { unsafeTextIssues, withoutUnsafeText } from '@opencare/schemas/safe-text';
import { findAccount } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { devicesOfGatewayIn, noteReadings } from '../devices/devices.repository';
import { AppError } from '../errors/app-error';
import { findHeldReadings } from '../measurements/held-readings.repository';
import { holdReadings, type ReadingToHold } from './held-upload';
import { saveReadings, type ReadingOrigin, type ReadingToSave } from '../measurements/measurements.service';
import { findGateway } from './gateways.repository';

/** The id an agent gave a reading, when it gave one at all (for its outcome). */
function idOf(raw: unknown): string {
  if (typeof raw !== 'object' || raw === null) return '';
  const reading = (raw as { reading?: unknown }).reading;
  if (typeof reading !== 'object' || reading === null) return '';
  const id = (reading as { id?: unknown }).id;
  return typeof id === 'string' ? id.slice(0, 64) : '';
}

/** A reading sent without its id: the idempotency key every device write must carry (design.md). */
function lacksId(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const reading = (raw as { reading?: unknown }).reading;
  return typeof reading === 'object' && reading !== null && (reading as { id?: unknown }).id === undefined;
}

const rejected = (id: string, error: AppError): ReadingOutcome => ({
  id,
  status: 'rejected',
  key: error.key,
  message: error.fields?.[0]
    ? `${error.message} ${error.fields[0].field}: ${error.fields[0].message}`
    : error.message,
});

/**
 * A batch of readings from a gateway's durable queue, each judged alone and answered in order:
 * stored (new), duplicate (that id is already stored with this reading: a retry), or rejected for
 * good (invalid, without its id, not a device of this gateway and its patient, an id reused for
 * another reading). The readings to store are stored together (saveReadings: one transaction). A
 * reading whose id is being written right now fails the batch (409), and anything else — the
 * database down — fails the whole batch: the agent sends it again later, which is safe because
 * every reading is stored by its id once. The audit log gets one entry per batch that wrote to the
 * patient's record, and one for a batch naming another patient's device.
 */
export async function uploadReadings(
  deps: Deps,
  meta: RequestMeta,
  gatewayId: string,
  readings: unknown[],
): Promise<ReadingOutcome[]> {
  // The transport's text check, per reading (a NUL in one note rejects that reading, not the batch).
  // A reading refused only for values outside physiological limits is well formed: parsed again
  // with values of any size, it is held for review (held-upload.ts) rather than lost.
  const parsed = readings.map((raw) => {
    const unsafe = unsafeTextIssues(raw, { limit: 1 });
    const result = gatewayReadingSchema.safeParse(unsafe.length > 0 ? undefined : raw);
    const loose = result.success || unsafe.length > 0 ? undefined : gatewayReadingAnyValuesSchema.safeParse(raw);
    const outside = loose?.success ? fieldsOutsideLimits(loose.data.reading.type, loose.data.reading.values as Record<string, number>) : [];
    const held = loose?.success && outside.length > 0 && onlyLimits(result.error?.issues ?? []) ? { data: loose.data, outside } : undefined;
    return { raw, unsafe: unsafe[0], result, held };
  });
  const deviceIds = [
    ...new Set(parsed.flatMap(({ result, held }) => (result.success ? [result.data.deviceId] : held ? [held.data.deviceId] : []))),
  ];
  const [gateway, deviceRows] = await Promise.all([findGateway(deps.db, gatewayId), devicesOfGatewayIn(deps.db, gatewayId, deviceIds)]);
  if (!gateway?.patientAccountId) throw new AppError('gatewayMissing');
  const patient = await findAccount(deps.db, gateway.patientAccountId);
  if (!patient) throw new AppError('gatewayMissing');
  const devices = new Map(deviceRows.map((d) => [d.id, d]));

  // Each reading judged in order: refused at once, or to be stored with the rest of the batch.
  const judged: (ReadingOutcome | ReadingToSave | ReadingToHold)[] = [];
  let refused = false;
  /** The device this gateway brings for the patient, taking this type; or the reading's refusal. */
  const deviceCheck = (deviceId: string, type: string, id: string): ReadingOutcome | null => {
    const device = devices.get(deviceId);
    if (device?.patientAccountId !== gateway.patientAccountId) {
      refused = true;
      return rejected(id, new AppError('notFound'));
    }
    if (device.measurement !== type) {
      return rejected(id, new AppError('validationFailed', { fields: [{ field: 'reading.type', message: 'This device does not take this measurement.' }] }));
    }
    return null;
  };
  /**
   * A shared meter's reading taken under another user number than the patient's: another person's
   * (issue 21 part 5). Only when the patient set their number and the meter sent an index it knows:
   * no number set is a meter one person uses; no index (meters without users, older agents) or 255
   * (the specs' "unknown user": a meter that cannot tell, e.g. before its users are set up) is taken
   * as the patient's, as before user numbers existed.
   */
  const otherUser = (deviceId: string, device: GatewayReadingDevice | undefined) => {
    const userSlot = devices.get(deviceId)?.userSlot ?? null;
    const userIndex = device?.userIndex;
    if (userSlot === null || userIndex === undefined || userIndex === USER_SLOT_UNKNOWN || userIndex === userSlot) return undefined;
    return { userIndex, userSlot };
  };
  for (const { raw, unsafe, result, held } of parsed) {
    if (unsafe) {
      judged.push(rejected(withoutUnsafeText(idOf(raw)), new AppError('validationFailed', { fields: [unsafe] })));
      continue;
    }
    if (held) {
      const { deviceId, reading, device } = held.data;
      const user = otherUser(deviceId, device);
      judged.push(deviceCheck(deviceId, reading.type, reading.id) ?? { hold: reading, deviceId, outside: held.outside, device, reason: user ? 'otherUser' : 'outOfLimits', ...(user ? { user } : {}) });
      continue;
    }
    if (!result.success) {
      if (lacksId(raw)) {
        judged.push(rejected('', new AppError('idempotencyKeyRequired')));
        continue;
      }
      const issue = result.error.issues[0];
      judged.push({
        id: idOf(raw),
        status: 'rejected',
        key: 'validationFailed',
        message: issue
          ? `${ERRORS.validationFailed.message} ${issue.path.join('.')}: ${issue.message}`
          : ERRORS.validationFailed.message,
      });
      continue;
    }
    const { deviceId, reading, device } = result.data;
    const refusal = deviceCheck(deviceId, reading.type, reading.id ?? '');
    if (refusal) {
      judged.push(refusal);
      continue;
    }
    const user = otherUser(deviceId, device);
    if (user) {
      // Plausible values, but not this patient's: held apart as another user's, never a measurement.
      const loose = gatewayReadingAnyValuesSchema.safeParse(raw);
      judged.push(
        loose.success
          ? { hold: loose.data.reading, deviceId, outside: [], device, reason: 'otherUser', user }
          : rejected(reading.id ?? '', new AppError('validationFailed')),
      );
      continue;
    }
    judged.push({ input: reading, origin: { source: 'gateway', deviceId, createdByAccountId: null, ...deviceSide(device) } });
  }

  const entry = {
    action: 'gateways.readings.upload',
    resourceType: 'patient',
    resourceId: patient.account.id,
    actorGatewayId: gatewayId,
  };
  // Held first, on their own (idempotent both, so a batch failing between the two is simply sent again).
  const toHold = judged.filter((j): j is ReadingToHold => 'hold' in j);
  const heldAnswers = await holdReadings(deps, meta, patient, gatewayId, toHold);
  // An id already held for review, sent again with plausible values, is an id reused for another reading.
  const alreadyHeld = await findHeldReadings(
    deps.db,
    judged.flatMap((j) => ('input' in j && j.input.id ? [j.input.id] : [])),
  );
  for (const [i, j] of judged.entries()) {
    if ('input' in j && j.input.id && alreadyHeld.has(j.input.id)) judged[i] = rejected(j.input.id, new AppError('idempotencyKeyReused'));
  }
  // A reading still being written (its original upload, maybe through another edge) refuses the
  // whole batch with 409 (thrown): the agent sends it again later, when it is a duplicate. What the
  // batch stored is noted on its devices and audited in the same transaction.
  const toSave = judged.filter((j): j is ReadingToSave => 'input' in j);
  const saved = await saveReadings(deps, patient, toSave, async (tx, stored) => {
    const latest = new Map<string, Date>();
    for (const { origin, takenAt } of stored) {
      const before = latest.get(origin.deviceId!);
      if (!before || before < takenAt) latest.set(origin.deviceId!, takenAt);
    }
    await noteReadings(tx, latest);
    await audit(tx, null, meta, { ...entry, outcome: 'allowed' });
  });
  const outcomes = judged.map((j): ReadingOutcome => {
    if ('hold' in j) return heldAnswers[toHold.indexOf(j)]!;
    if (!('input' in j)) return j;
    const answer = saved[toSave.indexOf(j)]!;
    const id = j.input.id ?? '';
    if ('error' in answer) return rejected(id, answer.error);
    return { id, status: answer.created ? 'stored' : 'duplicate' };
  });
  if (refused) await audit(deps.db, null, meta, { ...entry, outcome: 'denied' });
  return outcomes;
}

/** Nothing but limits refused it: a bound (too small, too big) or a rule between fields, inside `reading.values`. */
function onlyLimits(issues: readonly { code: string; path: readonly PropertyKey[] }[]): boolean {
  return issues.length > 0 && issues.every((issue) => issue.path[0] === 'reading' && issue.path[1] === 'values' && ['too_small', 'too_big', 'custom'].includes(issue.code));
}

/** The device's own time stamp (when the gateway corrected its clock) and its coded flags, for the stored reading. */
export function deviceSide(device: GatewayReadingDevice | undefined): Pick<ReadingOrigin, 'deviceTakenAt' | 'deviceFlags'> {
  // The edge judges the limits itself: a reading stored as normal carries no "out of limits" flag.
  const flags = (device?.flags ?? []).filter((flag) => flag !== 'out-of-limits');
  return { ...(device?.takenAt ? { deviceTakenAt: new Date(device.takenAt) } : {}), ...(flags.length > 0 ? { deviceFlags: flags } : {}) };
}
