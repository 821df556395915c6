import { z } from 'zod';
import { roleNameSchema } from '../roles';
import { paginationSchema, text, uuidSchema } from '../rules';

/**
 * Secure mail (issue 5): threads between a patient and their care team. Our own limits, since the
 * spec gives none: a subject line, a letter-length body, and a few photos or PDFs per message.
 */
export const MAIL_LIMITS = {
  subjectMax: 200,
  bodyMax: 10_000,
  attachmentsPerMessage: 3,
  /** Per attachment: a phone photo or a scanned letter fits; the upload route reads no more. */
  attachmentBytes: 5 * 1024 * 1024,
  fileNameMax: 200,
} as const;

/** The attachment types, each checked by its signature on upload, not by its name or header. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const attachmentTypeSchema = z.enum(ATTACHMENT_TYPES);
export type AttachmentType = z.infer<typeof attachmentTypeSchema>;

export const isAttachmentType = (value: string): value is AttachmentType =>
  (ATTACHMENT_TYPES as readonly string[]).includes(value);

/**
 * A file name safe to store and to send back in Content-Disposition: no folders, no control
 * characters, no quotes; a name that is nothing after cleaning becomes "attachment".
 */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, MAIL_LIMITS.fileNameMax);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'attachment' : cleaned;
}

const fileIdsSchema = z
  .array(uuidSchema)
  .max(MAIL_LIMITS.attachmentsPerMessage, `A message can have at most ${MAIL_LIMITS.attachmentsPerMessage} attachments.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Attach each file once.')
  .default([]);

const subjectSchema = text('Subject', MAIL_LIMITS.subjectMax);
/**
 * When the writer began this message (the composer's first keystroke): a clinician's time writing
 * to the patient counts as care time (issue 19), at most MESSAGE_WRITING_MAX_MINUTES of it.
 */
const writingSinceSchema = z.iso.datetime({ offset: true, error: 'Enter a date and time.' }).optional();
const bodySchema = text('Message', MAIL_LIMITS.bodyMax);

/** A new thread. Clinicians name the patient; a patient writes to their own care team and names no one. */
export const newThreadInputSchema = z.strictObject({
  patientAccountId: uuidSchema.optional(),
  subject: subjectSchema,
  body: bodySchema,
  fileIds: fileIdsSchema,
  writingSince: writingSinceSchema,
});
export type NewThreadInput = z.input<typeof newThreadInputSchema>;

export const replyInputSchema = z.strictObject({
  body: bodySchema,
  fileIds: fileIdsSchema,
  writingSince: writingSinceSchema,
});
export type ReplyInput = z.input<typeof replyInputSchema>;

/** The caller's threads, newest activity first; clinicians may narrow them to one patient. */
export const threadListQuerySchema = paginationSchema.extend({
  patientAccountId: uuidSchema.optional(),
  /** Words in the subject, the patient's name or any message of the thread. */
  search: z.string().trim().max(100, 'Search must be at most 100 characters.').optional(),
});
export type ThreadListQuery = z.infer<typeof threadListQuerySchema>;

/** An attachment upload: the bytes are the request body, these are its query. */
export const attachmentUploadQuerySchema = z.strictObject({
  /** The patient whose conversation the file is for; a patient may leave it out. */
  patientAccountId: uuidSchema.optional(),
  fileName: z
    .string({ error: 'File name must be text.' })
    .min(1, 'This field is required.')
    .max(1000, 'File name is too long.')
    .transform(safeFileName),
});
export type AttachmentUploadQuery = z.infer<typeof attachmentUploadQuerySchema>;

/** What a message says about a file: never its bytes, which are downloaded with access checked. */
export const attachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: attachmentTypeSchema,
  size: z.number().int().nonnegative(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** Who wrote, as the reader sees them: the name and the role (a removed account shows neither). */
export const mailPersonSchema = z.object({
  accountId: z.uuid().nullable(),
  fullName: z.string().nullable(),
  role: roleNameSchema.nullable(),
});
export type MailPerson = z.infer<typeof mailPersonSchema>;

export const mailPatientSchema = z.object({
  accountId: z.uuid(),
  fullName: z.string(),
});

export const threadListItemSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  patient: mailPatientSchema,
  createdAt: z.string(),
  lastMessageAt: z.string(),
  lastSender: mailPersonSchema.nullable(),
  messageCount: z.number().int().nonnegative(),
  /** Messages by others after the caller last opened the thread. */
  unreadCount: z.number().int().nonnegative(),
});
export type ThreadListItem = z.infer<typeof threadListItemSchema>;

export const mailMessageSchema = z.object({
  id: z.uuid(),
  sender: mailPersonSchema,
  body: z.string(),
  attachments: z.array(attachmentSchema),
  createdAt: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** A thread with its messages, oldest first, as it reads. */
export const threadSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  patient: mailPatientSchema,
  createdAt: z.string(),
  lastMessageAt: z.string(),
  messages: z.array(mailMessageSchema),
});
export type Thread = z.infer<typeof threadSchema>;

export const unreadCountSchema = z.object({
  /** Unread messages across all of the caller's threads. */
  unreadCount: z.number().int().nonnegative(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** A patient a clinician may write to, as the new-message form offers them. */
export const mailRecipientSchema = z.object({
  accountId: z.uuid(),
  fullName: z.string(),
  mrn: z.string(),
});
export type MailRecipient = z.infer<typeof mailRecipientSchema>;

export const mailRecipientQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'Search must be at most 100 characters.').optional(),
});
