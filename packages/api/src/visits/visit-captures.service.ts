import type { Measurement } from '@opencare/schemas/entities/measurements';
import { FILE_MAX_BYTES } from '@opencare/schemas/entities/measurements';
import type { SaveVisitCaptureInput } from '@opencare/schemas/entities/visit-captures';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { sniffFileType } from '../files/file-type';
import { insertFile } from '../files/files.repository';
import { toMeasurementDto } from '../measurements/measurement.dto';
import { visitCaptures } from '../measurements/measurements.repository';
import { saveReading } from '../measurements/measurements.service';
import { patientFor } from '../patients/patient-access';
import { findVisit } from './visits.repository';

/**
 * A snapshot taken during a video visit, saved to the patient's record: the image becomes a file
 * of the patient's, and a camera measurement (source "visit", created by the clinician) refers to
 * it. The measurement goes through saveReading, so it lands on the patient's timeline, live, like
 * any other reading. Only the patient's physicians and nurses may add to the record this way.
 */
export async function saveVisitCapture(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  visitId: string,
  input: SaveVisitCaptureInput,
): Promise<Measurement> {
  const row = await findVisit(deps.db, visitId);
  if (!row) throw new AppError('notFound');
  const patient = await patientFor(
    deps,
    actor,
    meta,
    row.appointment.patientAccountId,
    'visit.capture',
    'care',
    'Write',
  );

  const data = Buffer.from(input.data, 'base64');
  if (data.length > FILE_MAX_BYTES) throw new AppError('payloadTooLarge');
  // The first bytes decide what the file is, not the declared type (as for measurement photos).
  if (sniffFileType(data) !== input.contentType) {
    throw new AppError('validationFailed', {
      fields: [{ field: 'data', message: 'The file is not the image it says it is.' }],
    });
  }
  const takenAt = new Date();
  const extension = input.contentType === 'image/png' ? 'png' : 'jpg';
  // Stored before the reading, in its own statement: if saving the reading then fails, the file
  // is left unreferenced (and unreadable by anyone but its uploader) rather than half a reading.
  const file = await insertFile(deps.db, {
    organisationId: patient.account.organisationId,
    ownerAccountId: actor.accountId,
    patientAccountId: patient.account.id,
    fileName: `visit-capture-${takenAt.toISOString().slice(0, 10)}.${extension}`,
    contentType: input.contentType,
    size: data.length,
    data,
  });
  const saved = await saveReading(
    deps,
    patient,
    { type: 'camera', values: {}, fileId: file.id, note: input.caption, takenAt: takenAt.toISOString() },
    { source: 'visit', createdByAccountId: actor.accountId, visitId },
  );
  return saved.measurement;
}

/** The snapshots taken during a visit, for its record: whoever may read the visit's patient. */
export async function listVisitCaptures(deps: Deps, actor: Actor, meta: RequestMeta, visitId: string): Promise<Measurement[]> {
  const row = await findVisit(deps.db, visitId);
  if (!row) throw new AppError('notFound');
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, 'visit.captures');
  return (await visitCaptures(deps.db, visitId)).map(toMeasurementDto);
}
