import { CALL_CHECK_UPLOAD_MAX_BYTES, callCheckInputSchema, callCheckSchema, callCheckUploadSchema } from '@opencare/schemas/entities/call-check';
import { AppError } from '../errors/app-error';
import { operation, operations, type RateLimit } from '../operations/operation';
import { callCheckFor } from './call-check.service';

/**
 * Per address, like the guest's calls: a check is one servers query and one upload, so a person
 * checking again and again stays far below it, and the upload cannot be used to flood the server.
 */
const checkLimit: RateLimit = { bucket: 'call-check' };
const ACCESS_NOTE = 'a guest with their live link key too (the matrix sends none)';

/** The pre-call check (issue 18): the network measured before joining a video visit. */
export const callCheckOperations = operations('callCheck', {
  servers: operation({
    type: 'query',
    summary: 'What the pre-call check needs: the ICE servers a call would use and the upload cap.',
    access: { guard: 'anyone', policy: 'anyUser', note: ACCESS_NOTE },
    rateLimit: checkLimit,
    input: callCheckInputSchema,
    output: callCheckSchema,
    rest: [{ method: 'GET', path: '/call-check', input: 'query' }],
    handler: ({ deps, actor }, input) => callCheckFor(deps, actor, input),
  }),
  upload: operation({
    type: 'mutation',
    summary: `Time an upload: up to ${CALL_CHECK_UPLOAD_MAX_BYTES} raw bytes, counted and thrown away.`,
    access: { guard: 'anyone', policy: 'anyUser', note: ACCESS_NOTE },
    rateLimit: checkLimit,
    input: callCheckInputSchema,
    output: callCheckUploadSchema,
    trpc: false,
    rest: [
      {
        method: 'POST',
        path: '/call-check/upload',
        input: 'query',
        custom: true,
        bytes: { body: ['application/octet-stream'] },
      },
    ],
    // Raw bytes: the transport is call-check.routes.ts.
    handler: () => Promise.reject(new AppError('notFound')),
  }),
});
