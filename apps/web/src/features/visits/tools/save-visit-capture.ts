import { measurementSchema, type Measurement } from '@opencare/schemas/entities/measurements';
import type { SaveVisitCaptureInput } from '@opencare/schemas/entities/visit-captures';
import { authedRequest } from '../../../api/client';

/**
 * Saves a snapshot of the visit to the patient's record, as a camera measurement. It stays on REST
 * (`POST /visits/{id}/captures`): the router has no procedure for it, and the picture (base64, up to
 * the file limit) needs the route's larger body limit.
 */
export function saveVisitCapture(visitId: string, input: SaveVisitCaptureInput): Promise<Measurement> {
  return authedRequest(`/visits/${visitId}/captures`, {
    method: 'POST',
    body: input,
    schema: measurementSchema,
  });
}
