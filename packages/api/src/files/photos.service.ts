import type { FileContent, StoredFile, UploadFileInput } from '@opencare/schemas/entities/measurements';
import { requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { sniffFileType } from './file-type';
import { isMeasurementPhoto } from '../measurements/measurements.repository';
import { findFileData, findFileMeta, insertFile, type FileMeta } from './files.repository';

const toDto = (file: FileMeta): StoredFile => ({
  id: file.id,
  fileName: file.fileName,
  contentType: file.contentType,
  size: file.size,
  createdAt: file.createdAt.toISOString(),
});

/**
 * A patient's measurement photo (the camera measurement), kept with the patient's record. The
 * content must really be the image it claims to be: its first bytes decide, not the declared type.
 */
export async function uploadPhoto(deps: Deps, actor: Actor, meta: RequestMeta, input: UploadFileInput): Promise<StoredFile> {
  requireRouteRole(actor, 'patient');
  const patient = await patientFor(deps, actor, meta, actor.accountId, 'files.create', 'read', 'Write');
  const data = Buffer.from(input.data, 'base64');
  if (sniffFileType(data) !== input.contentType) {
    throw new AppError('validationFailed', { fields: [{ field: 'data', message: 'The file is not the image it says it is.' }] });
  }
  const file = await insertFile(deps.db, {
    organisationId: patient.account.organisationId,
    ownerAccountId: actor.accountId,
    patientAccountId: patient.account.id,
    fileName: input.fileName || `photo.${input.contentType === 'image/png' ? 'png' : 'jpg'}`,
    contentType: input.contentType,
    size: data.length,
    data,
  });
  return toDto(file);
}

/**
 * A measurement photo for whoever may read the patient's record, or its uploader before it is sent.
 * Other files (mail attachments) are not found here: they follow their own thread's rules.
 */
export async function getPhoto(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<FileContent> {
  const file = await findFileMeta(deps.db, id);
  if (!file?.patientAccountId) throw new AppError('notFound');
  if (file.ownerAccountId !== actor.accountId && !(await isMeasurementPhoto(deps.db, id))) throw new AppError('notFound');
  await patientFor(deps, actor, meta, file.patientAccountId, 'files.read', 'read');
  const data = await findFileData(deps.db, id);
  if (!data) throw new AppError('notFound');
  return { ...toDto(file), dataUrl: `data:${file.contentType};base64,${data.toString('base64')}` };
}

/** The photo a camera reading names must be the patient's own. */
export async function assertPatientPhoto(deps: Deps, patientAccountId: string, fileId: string): Promise<void> {
  const file = await findFileMeta(deps.db, fileId);
  if (file?.patientAccountId !== patientAccountId || !file.contentType.startsWith('image/')) {
    throw new AppError('validationFailed', { fields: [{ field: 'fileId', message: 'Take or upload a photo first.' }] });
  }
}
