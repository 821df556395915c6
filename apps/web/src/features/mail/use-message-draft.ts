import { MAIL_LIMITS, isAttachmentType, type Attachment } from '@opencare/schemas/entities/mail';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { useDraftReport } from './drafts';
import { uploadAttachment } from './attachment-transfer';

/** A file on its way into a message: uploading, ready to send, or refused (with why). */
export interface DraftFile {
  key: string;
  fileName: string;
  status: 'uploading' | 'ready' | 'failed';
  attachment?: Attachment;
  error?: unknown;
}

let nextKey = 0;

/** Checked here so the sender hears at once; the server checks the same again, by the bytes. */
function refusalOf(file: File): ApiError | null {
  if (!isAttachmentType(file.type)) return ApiError.of('attachmentTypeNotAllowed');
  if (file.size > MAIL_LIMITS.attachmentBytes) return ApiError.of('attachmentTooLarge');
  return null;
}

/**
 * The files of one message being written, and whether it holds anything worth asking about before
 * it is lost (`typed`: the form holds text). Files upload as soon as they are chosen, for the
 * patient whose conversation this is, so sending only names them.
 */
export function useMessageDraft(draftKey: string, patientAccountId: string | undefined, typed: boolean) {
  const [files, setFiles] = useState<DraftFile[]>([]);
  const dirty = typed || files.some((f) => f.status !== 'failed');
  const { clean } = useDraftReport(draftKey, dirty);
  // When writing began: a clinician's writing to the patient is care time (issue 19).
  const [writingSince, setWritingSince] = useState<string | undefined>();
  if (dirty && !writingSince) setWritingSince(new Date().toISOString());

  const update = (key: string, change: Partial<DraftFile>) =>
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const addFiles = (chosen: File[]) => {
    const kept = files.filter((f) => f.status !== 'failed');
    let room = MAIL_LIMITS.attachmentsPerMessage - kept.length;
    const added: DraftFile[] = chosen.map((file) => {
      nextKey += 1;
      const key = `file-${nextKey}`;
      const refusal = room <= 0 ? ApiError.of('tooManyAttachments') : refusalOf(file);
      if (refusal) return { key, fileName: file.name, status: 'failed', error: refusal };
      room -= 1;
      uploadAttachment(file, patientAccountId).then(
        (attachment) => update(key, { status: 'ready', attachment }),
        (error: unknown) => update(key, { status: 'failed', error }),
      );
      return { key, fileName: file.name, status: 'uploading' };
    });
    // Refusals of an earlier choice make way for the new one.
    setFiles([...kept, ...added]);
  };

  const removeFile = (key: string) => setFiles((current) => current.filter((f) => f.key !== key));

  const reset = useCallback(() => {
    clean();
    setFiles([]);
    setWritingSince(undefined);
  }, [clean]);

  return {
    files,
    addFiles,
    removeFile,
    /** Files are for one patient's conversation: choosing another patient starts the files again. */
    clearFiles: () => setFiles([]),
    reset,
    dirty,
    writingSince,
    uploading: files.some((f) => f.status === 'uploading'),
    fileIds: files.flatMap((f) => (f.status === 'ready' && f.attachment ? [f.attachment.id] : [])),
  };
}
export type MessageDraft = ReturnType<typeof useMessageDraft>;
