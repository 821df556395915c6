import {
  MAIL_LIMITS,
  isAttachmentType,
  type Attachment,
  type AttachmentUploadQuery,
} from '@opencare/schemas/entities/mail';
import { authorize } from '../access/access';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { sniffFileType } from '../files/file-type';
import { findFileData, findFileMeta, findFilesMeta, insertFile, type FileMeta } from '../files/files.repository';
import { toAttachmentDtos } from './mail-dto';
import { mailPatientFor, patientIdOf, requireMailUser } from './mail-access';
import { findThread, threadOfAttachment } from './mail-threads.repository';

/**
 * Store an attachment before the message that carries it is sent. The bytes decide the type: the
 * declared Content-Type must be one we accept and must match the file's signature.
 */
export async function uploadAttachment(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: AttachmentUploadQuery,
  declaredType: string | undefined,
  data: Buffer,
): Promise<Attachment> {
  const patientAccountId = patientIdOf(actor, query.patientAccountId);
  const patient = await mailPatientFor(deps, actor, meta, patientAccountId, 'mail.attachments.upload', 'Write');
  if (data.length > MAIL_LIMITS.attachmentBytes) throw new AppError('attachmentTooLarge');
  const sniffed = sniffFileType(data);
  if (!sniffed || sniffed !== declaredType) throw new AppError('attachmentTypeNotAllowed');
  const file = await insertFile(deps.db, {
    organisationId: patient.account.organisationId,
    ownerAccountId: actor.accountId,
    patientAccountId,
    fileName: query.fileName,
    contentType: sniffed,
    size: data.length,
    data,
  });
  return toAttachmentDtos([file], [file.id])[0] as Attachment;
}

/**
 * The files a new message may carry: uploaded by its sender, for this patient's conversation, of an
 * attachment type. Anything else (someone else's upload, another patient's file, a measurement
 * photo) cannot be attached, so a message never hands out a file its sender could not.
 */
export async function attachableFiles(
  deps: Deps,
  actor: Actor,
  patientAccountId: string,
  fileIds: readonly string[],
): Promise<FileMeta[]> {
  if (fileIds.length > MAIL_LIMITS.attachmentsPerMessage) throw new AppError('tooManyAttachments');
  const files = await findFilesMeta(deps.db, fileIds);
  const usable = fileIds.every((id) => {
    const file = files.find((f) => f.id === id);
    return (
      file !== undefined &&
      file.ownerAccountId === actor.accountId &&
      file.patientAccountId === patientAccountId &&
      isAttachmentType(file.contentType)
    );
  });
  if (!usable) {
    throw new AppError('validationFailed', {
      fields: [{ field: 'fileIds', message: 'Upload each file before attaching it.' }],
    });
  }
  return files;
}

/**
 * An attachment's bytes. Sent in a thread, it is readable by whoever may read the thread; not yet
 * sent, only by its uploader (the preview before sending). Other files are not found here.
 */
export async function downloadAttachment(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  fileId: string,
): Promise<{ attachment: Attachment; data: Buffer }> {
  await requireMailUser(deps, actor, meta, 'mail.attachments.read');
  const file = await findFileMeta(deps.db, fileId);
  if (!file || !isAttachmentType(file.contentType)) throw new AppError('notFound');
  const threadId = await threadOfAttachment(deps.db, fileId);
  const thread = threadId ? await findThread(deps.db, threadId) : undefined;
  if (thread) {
    await mailPatientFor(deps, actor, meta, thread.patientAccountId, 'mail.attachments.read');
  } else if (file.ownerAccountId === actor.accountId) {
    await authorize(deps, actor, meta, { action: 'mail.attachments.read', resourceType: 'file', resourceId: fileId, allowed: true });
  } else {
    // Audited as refused, answered as not found: an unsent upload is nobody else's business.
    await audit(deps.db, actor, meta, { action: 'mail.attachments.read', resourceType: 'file', resourceId: fileId, outcome: 'denied' });
    throw new AppError('notFound');
  }
  const data = await findFileData(deps.db, fileId);
  if (!data) throw new AppError('notFound');
  return { attachment: toAttachmentDtos([file], [file.id])[0] as Attachment, data };
}
