import {
  ATTACHMENT_TYPES,
  attachmentSchema,
  attachmentUploadQuerySchema,
  mailRecipientQuerySchema,
  mailRecipientSchema,
  newThreadInputSchema,
  replyInputSchema,
  threadListItemSchema,
  threadListQuerySchema,
  threadSchema,
  unreadCountSchema,
} from '@opencare/schemas/entities/mail';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, handWritten, operation, operations } from '../operations/operation';
import { createThread, getThread, listThreads, mailRecipients, replyToThread, unreadCount } from './mail-threads.service';

/**
 * Secure mail (docs/mail.md): threads, messages and unread counts; attachments are raw bytes over
 * REST only (mail-attachments.routes.ts), declared here so the catalogues and the document list them.
 */
export const mailOperations = operations('mail', {
  threads: operation({
    type: 'query',
    summary: "A patient's own threads; a clinician's conversations, or one patient's threads when named.",
    access: { guard: 'authed', policy: 'mail', note: 'patients, physicians and nurses (mail-access.ts)' },
    input: threadListQuerySchema,
    output: threadListItemSchema,
    rest: [{ method: 'GET', path: '/mail/threads', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listThreads(deps, actor, meta, input),
  }),
  thread: operation({
    type: 'query',
    summary: 'One thread with its messages.',
    access: { guard: 'authed', policy: 'mail', kind: 'thread' },
    input: byIdSchema,
    output: threadSchema,
    rest: [{ method: 'GET', path: '/mail/threads/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getThread(deps, actor, meta, input.id),
  }),
  createThread: operation({
    type: 'mutation',
    summary: 'Start a thread with its first message.',
    access: { guard: 'authed', policy: 'mail', kind: 'patient', note: 'a patient writes to their team; a physician or nurse to a patient of the organisation' },
    input: newThreadInputSchema,
    output: threadSchema,
    rest: [{ method: 'POST', path: '/mail/threads', input: 'body', status: 201, message: 'Message sent.' }],
    handler: ({ deps, actor, meta }, input) => createThread(deps, actor, meta, input),
  }),
  reply: operation({
    type: 'mutation',
    summary: 'Reply in a thread.',
    access: { guard: 'authed', policy: 'mail', kind: 'thread' },
    input: replyInputSchema.extend({ threadId: uuidSchema }),
    output: threadSchema,
    rest: [
      {
        method: 'POST',
        path: '/mail/threads/:id/messages',
        input: fromParts({ params: byIdSchema, body: replyInputSchema, map: ({ params, body }) => ({ ...body, threadId: params.id }) }),
        status: 201,
        message: 'Message sent.',
      },
    ],
    handler: ({ deps, actor, meta }, { threadId, ...message }) => replyToThread(deps, actor, meta, threadId, message),
  }),
  unreadCount: operation({
    type: 'query',
    summary: "Unread messages in the caller's mailbox (the badge).",
    access: { guard: 'authed', policy: 'mail' },
    input: undefined,
    output: unreadCountSchema,
    rest: [{ method: 'GET', path: '/mail/unread-count', input: 'none' }],
    handler: ({ deps, actor, meta }) => unreadCount(deps, actor, meta),
  }),
  recipients: operation({
    type: 'query',
    summary: 'Patients a physician or nurse may start a thread with.',
    access: { guard: 'authed', policy: 'physicianOrNurse' },
    input: mailRecipientQuerySchema,
    output: z.array(mailRecipientSchema),
    rest: [{ method: 'GET', path: '/mail/recipients', input: 'query' }],
    handler: ({ deps, actor, meta }, input) => mailRecipients(deps, actor, meta, input.search),
  }),
  attachment: operation({
    type: 'query',
    summary: "An attachment's bytes (readable by whoever may read its thread; before sending, by its uploader).",
    access: { guard: 'authed', policy: 'mail', kind: 'unfixtured' },
    input: byIdSchema,
    trpc: false,
    rest: [{ method: 'GET', path: '/mail/attachments/:id', input: 'params', custom: true, bytes: { answer: ATTACHMENT_TYPES } }],
    handler: handWritten,
  }),
  uploadAttachment: operation({
    type: 'mutation',
    summary: 'Store an attachment (the raw file as the body) before the message that carries it is sent.',
    access: { guard: 'authed', policy: 'mail' },
    input: attachmentUploadQuerySchema,
    output: attachmentSchema,
    trpc: false,
    rest: [{ method: 'POST', path: '/mail/attachments', input: 'query', status: 201, message: 'File uploaded.', custom: true, bytes: { body: ATTACHMENT_TYPES } }],
    handler: handWritten,
  }),
});
