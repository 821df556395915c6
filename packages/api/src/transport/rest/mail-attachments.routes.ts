import {
  ATTACHMENT_TYPES,
  MAIL_LIMITS,
  attachmentUploadQuerySchema,
  mailRecipientQuerySchema,
  newThreadInputSchema,
  replyInputSchema,
  threadListQuerySchema,
  type Attachment,
} from '@opencare/schemas/entities/mail';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../access/actor';
import type { Deps } from '../../deps';
import { AppError, parseInput } from '../../errors/app-error';
import { downloadAttachment, uploadAttachment } from '../../mail-threads/mail-attachments.service';
import {
  createThread,
  getThread,
  listThreads,
  mailRecipients,
  replyToThread,
  unreadCount,
} from '../../mail-threads/mail-threads.service';
import { loggableError, toErrorResponse } from '../http-errors';
import { requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });

/** Secure mail: threads, messages, unread counts and attachments (docs/mail.md). */
export function mailRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({ actor: await authenticate(deps, req), meta: requestMetaOf(req) });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;

  app.get('/mail/threads', async (req, reply) => {
    const { actor, meta } = await who(req);
    const result = await listThreads(deps, actor, meta, parseInput(threadListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/mail/threads', async (req, reply) => {
    const { actor, meta } = await who(req);
    const thread = await createThread(deps, actor, meta, parseInput(newThreadInputSchema, req.body));
    return ok(reply, thread, 'Message sent.', { status: 201 });
  });
  app.get('/mail/threads/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getThread(deps, actor, meta, idOf(req)));
  });
  app.post('/mail/threads/:id/messages', async (req, reply) => {
    const { actor, meta } = await who(req);
    const thread = await replyToThread(deps, actor, meta, idOf(req), parseInput(replyInputSchema, req.body));
    return ok(reply, thread, 'Message sent.', { status: 201 });
  });
  app.get('/mail/unread-count', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await unreadCount(deps, actor, meta));
  });
  app.get('/mail/recipients', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { search } = parseInput(mailRecipientQuerySchema, req.query);
    return ok(reply, await mailRecipients(deps, actor, meta, search));
  });
  app.get('/mail/attachments/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { attachment, data } = await downloadAttachment(deps, actor, meta, idOf(req));
    return sendAttachment(reply, attachment, data);
  });

  void app.register(attachmentUploads(deps));
}

/**
 * Uploads have their own scope: the file is the raw request body (no multipart parser needed), up
 * to the attachment limit instead of the JSON limit, in the three accepted types only.
 */
function attachmentUploads(deps: Deps) {
  return async function uploadScope(scope: FastifyInstance) {
    const actors = new WeakMap<FastifyRequest, Actor>();
    scope.addContentTypeParser([...ATTACHMENT_TYPES], { parseAs: 'buffer', bodyLimit: MAIL_LIMITS.attachmentBytes }, (_req, body, done) => {
      done(null, body);
    });
    // Fastify's own refusals, in the attachment words of the catalogue.
    scope.setErrorHandler((error, req, reply) => {
      const code = (error as { code?: string }).code;
      const mapped =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? new AppError('attachmentTooLarge')
          : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? new AppError('attachmentTypeNotAllowed')
            : error;
      const { status, body } = toErrorResponse(mapped);
      if (status >= 500) req.log.error({ err: loggableError(error) }, 'request failed');
      return reply.status(status).send(body);
    });
    scope.post(
      '/mail/attachments',
      {
        bodyLimit: MAIL_LIMITS.attachmentBytes,
        // Who is asking is settled before the body is read: a stranger cannot make us read 5 MB.
        onRequest: async (req) => {
          actors.set(req, await authenticate(deps, req));
        },
      },
      async (req, reply) => {
        const actor = actors.get(req);
        if (!actor) throw new AppError('tokenRequired');
        if (!Buffer.isBuffer(req.body)) throw new AppError('attachmentTypeNotAllowed');
        const query = parseInput(attachmentUploadQuerySchema, req.query);
        const declared = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        const attachment = await uploadAttachment(deps, actor, requestMetaOf(req), query, declared, req.body);
        return ok(reply, attachment, 'File uploaded.', { status: 201 });
      },
    );
    await Promise.resolve();
  };
}

/** ASCII fallback and RFC 5987 UTF-8 name, so Arabic and accented names survive the download. */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The bytes with headers that keep a browser from running them: the stored (sniffed) type, no
 * sniffing of another, a sandbox, no caching of patient files, and PDFs downloaded, never opened
 * in the page's origin.
 */
function sendAttachment(reply: FastifyReply, attachment: Attachment, data: Buffer) {
  const kind = attachment.contentType === 'application/pdf' ? 'attachment' : 'inline';
  return reply
    .status(200)
    .header('Content-Type', attachment.contentType)
    .header('Content-Length', data.length)
    .header('Content-Disposition', contentDisposition(kind, attachment.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .send(data);
}
