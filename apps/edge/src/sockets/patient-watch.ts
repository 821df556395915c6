import type { Deps } from '@opencare/api/deps';
import { parseInput } from '@opencare/api/errors/app-error';
import { patientFor } from '@opencare/api/patients/patient-access';
import { patientWatchPayloadSchema } from '@opencare/schemas/socket-events';
import { onClientEvent, personOf } from './socket-events';
import { rooms, type PeopleSocket } from './socket-types';

/**
 * Watching a patient's timeline: whoever may read the patient's record (the patient themself, the
 * clinicians of their organisation) joins `patient:<id>` and gets every new timeline event live.
 * The check is the record's own, and audited like a read.
 */
export function attachPatientWatch(socket: PeopleSocket, deps: Deps): void {
  onClientEvent(socket, deps, 'patient:watch', async (payload, meta) => {
    const actor = personOf(socket);
    const { patientId } = parseInput(patientWatchPayloadSchema, payload);
    await patientFor(deps, actor, meta, patientId, 'patients.timeline.watch');
    await socket.join(rooms.patient(patientId));
    return { patientId };
  });

  onClientEvent(socket, deps, 'patient:unwatch', async (payload) => {
    personOf(socket);
    const { patientId } = parseInput(patientWatchPayloadSchema, payload);
    await socket.leave(rooms.patient(patientId));
    return { patientId };
  });
}
