import { CALL_CHECK_UPLOAD_MAX_BYTES, callCheckInputSchema } from '@opencare/schemas/entities/call-check';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { AppError, parseInput } from '../../errors/app-error';
import { assertMayCheckCall } from '../../visits/call-check.service';
import { loggableError, toErrorResponse } from '../http-errors';
import { bearerToken } from '../http-request';
import { authenticate, ok, rateLimit } from './rest-kit';

/**
 * The pre-call check's upload (declared in call-check.operations.ts, custom): raw bytes, timed by
 * the browser, counted here and thrown away. Its own scope, for its own body cap and parser.
 */
export function callCheckRoutes(deps: Deps) {
  return async function callCheckScope(scope: FastifyInstance) {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: CALL_CHECK_UPLOAD_MAX_BYTES }, (_req, body, done) => {
      done(null, body);
    });
    scope.setErrorHandler((error, req, reply) => {
      const code = (error as { code?: string }).code;
      const mapped =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? new AppError('payloadTooLarge')
          : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? new AppError('callCheckUploadType')
            : error;
      const { status, body } = toErrorResponse(mapped);
      if (status >= 500) req.log.error({ err: loggableError(error) }, 'request failed');
      return reply.status(status).send(body);
    });
    const limit = rateLimit(deps, 'call-check', deps.config.publicRateLimitPerMinute, 60_000);
    scope.post(
      '/call-check/upload',
      {
        bodyLimit: CALL_CHECK_UPLOAD_MAX_BYTES,
        // Counted, then who is asking settled, before the body is read: a stranger cannot make us read a megabyte.
        onRequest: async (req: FastifyRequest, reply) => {
          await limit(req, reply);
          const actor = bearerToken(req) ? await authenticate(deps, req) : undefined;
          await assertMayCheckCall(deps, actor, parseInput(callCheckInputSchema, req.query));
        },
      },
      async (req, reply) => {
        // Only raw bytes: a JSON body would be parsed (and could be hostile) before it was counted.
        if (req.body !== undefined && !Buffer.isBuffer(req.body)) throw new AppError('callCheckUploadType');
        return ok(reply, { bytes: req.body?.length ?? 0 });
      },
    );
    await Promise.resolve();
  };
}
