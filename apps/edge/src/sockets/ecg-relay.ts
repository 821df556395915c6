import type { Deps } from '@opencare/api/deps';
import { streamingDevicePatient } from '@opencare/api/devices/devices.service';
import { AppError, parseInput } from '@opencare/api/errors/app-error';
import { ECG_BATCH_LIMIT, ecgSamplesPayloadSchema } from '@opencare/schemas/gateway-events';
import { rooms, type PeopleServer } from './socket-types';

/** How long a device's patient is trusted before it is read again (a device removed stops within it). */
export const ECG_DEVICE_RECHECK_MS = 30_000;

/**
 * A gateway socket's live ECG: each batch is validated, counted against the socket's limit, and
 * relayed, as gateway:status is, to the patient's own screens (`account:<id>`) and to `patient:<id>`:
 * the screens of whoever passed patient:watch, the patient record's own check (the patient, the
 * clinicians of their organisation; the clinician's visit screen watches the patient's readings).
 * Not the visit's room: a visit guest (a relative, an interpreter) is in it with no right to the
 * record, and a clinician outside the call who may read the record may watch it too. Live only: no
 * batch is written anywhere, and the device's patient is read once per ECG_DEVICE_RECHECK_MS.
 */
export function ecgRelay(io: PeopleServer, deps: Pick<Deps, 'db'>, gatewayId: string) {
  const patients = new Map<string, { patientId: string; until: number }>();
  let window = { since: Date.now(), count: 0 };

  return async (payload: unknown): Promise<{ relayed: true }> => {
    const now = Date.now();
    if (now - window.since >= ECG_BATCH_LIMIT.windowMs) window = { since: now, count: 0 };
    window.count += 1;
    if (window.count > ECG_BATCH_LIMIT.count) throw new AppError('rateLimited');
    const batch = parseInput(ecgSamplesPayloadSchema, payload);
    let known = patients.get(batch.deviceId);
    if (!known || known.until <= now) {
      const { patientId } = await streamingDevicePatient(deps, gatewayId, batch.deviceId);
      known = { patientId, until: now + ECG_DEVICE_RECHECK_MS };
      patients.set(batch.deviceId, known);
    }
    io.to([rooms.account(known.patientId), rooms.patient(known.patientId)]).emit('patient:ecg', { patientId: known.patientId, ...batch });
    return { relayed: true };
  };
}
