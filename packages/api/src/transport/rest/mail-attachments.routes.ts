import { ATTACHMENT_TYPES, MAIL_LIMITS, attachmentUploadQuerySchema, type Attachment } from '@opencare/schemas/entities/mail';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../access/actor';
import type { Deps } from '../../deps';
import { AppError, parseInput } from '../../errors/app-error';
import { downloadAttachment, uploadAttachment } from '../../mail-threads/mail-attachments.service';
import { byIdSchema } from '../../operations/common-inputs';
import { loggableError, toErrorResponse } from '../http-errors';
import { requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

/**
 * Mail attachments (docs/mail.md): raw bytes both ways, so their transport is written here; they
 * are declared in mail.operations.ts (custom) for the catalogues and the OpenAPI document.
 */
export function mailAttachmentRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/mail/attachments/:id', async (req, reply) => {
    const actor = await authenticate(deps, req);
    const { attachment, data } = await downloadAttachment(deps, actor, requestMetaOf(req), parseInput(byIdSchema, req.params).id);
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
