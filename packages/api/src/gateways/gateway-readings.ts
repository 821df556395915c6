import { gatewayReadingSchema, type ReadingOutcome } from '@opencare/schemas/entities/gateways';
import { ERRORS } from '@opencare/schemas/errors';
import { unsafeTextIssues, withoutUnsafeText } from '@opencare/schemas/safe-text';
import { findAccount } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { devicesOfGatewayIn, noteReadings } from '../devices/devices.repository';
import { AppError } from '../errors/app-error';
import { saveReadings, type ReadingToSave } from '../measurements/measurements.service';
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
  const parsed = readings.map((raw) => {
    const unsafe = unsafeTextIssues(raw, { limit: 1 });
    return { raw, unsafe: unsafe[0], result: gatewayReadingSchema.safeParse(unsafe.length > 0 ? undefined : raw) };
  });
  const deviceIds = [
    ...new Set(parsed.flatMap(({ result }) => (result.success ? [result.data.deviceId] : []))),
  ];
  const [gateway, deviceRows] = await Promise.all([findGateway(deps.db, gatewayId), devicesOfGatewayIn(deps.db, gatewayId, deviceIds)]);
  if (!gateway?.patientAccountId) throw new AppError('gatewayMissing');
  const patient = await findAccount(deps.db, gateway.patientAccountId);
  if (!patient) throw new AppError('gatewayMissing');
  const devices = new Map(deviceRows.map((d) => [d.id, d]));

  // Each reading judged in order: refused at once, or to be stored with the rest of the batch.
  const judged: (ReadingOutcome | ReadingToSave)[] = [];
  let refused = false;
  for (const { raw, unsafe, result } of parsed) {
    if (unsafe) {
      judged.push(rejected(withoutUnsafeText(idOf(raw)), new AppError('validationFailed', { fields: [unsafe] })));
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
    const { deviceId, reading } = result.data;
    const id = reading.id ?? '';
    const device = devices.get(deviceId);
    if (device?.patientAccountId !== gateway.patientAccountId) {
      refused = true;
      judged.push(rejected(id, new AppError('notFound')));
      continue;
    }
    if (device.measurement !== reading.type) {
      judged.push(
        rejected(
          id,
          new AppError('validationFailed', {
            fields: [{ field: 'reading.type', message: 'This device does not take this measurement.' }],
          }),
        ),
      );
      continue;
    }
    judged.push({ input: reading, origin: { source: 'gateway', deviceId, createdByAccountId: null } });
  }

  const entry = {
    action: 'gateways.readings.upload',
    resourceType: 'patient',
    resourceId: patient.account.id,
    actorGatewayId: gatewayId,
  };
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
    if (!('input' in j)) return j;
    const answer = saved[toSave.indexOf(j)]!;
    const id = j.input.id ?? '';
    if ('error' in answer) return rejected(id, answer.error);
    return { id, status: answer.created ? 'stored' : 'duplicate' };
  });
  if (refused) await audit(deps.db, null, meta, { ...entry, outcome: 'denied' });
  return outcomes;
}
