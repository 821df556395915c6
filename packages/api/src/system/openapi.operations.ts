import { AppError } from '../errors/app-error';
import { operation, operations } from '../operations/operation';

/** The REST API's own description: REST only, served by the REST plugin, which knows every route it registered. */
export const openApiOperations = operations('openapi', {
  document: operation({
    type: 'query',
    summary: 'The OpenAPI 3.1 document of REST v1 (this document).',
    access: { guard: 'public', policy: 'public' },
    input: undefined,
    trpc: false,
    rest: [{ method: 'GET', path: '/openapi.json', input: 'none', custom: true }],
    // Never called: the route is written in rest-api.ts (custom), since the document lists every registered route.
    handler: () => Promise.reject(new AppError('notFound')),
  }),
  page: operation({
    type: 'query',
    summary: "The integrators' page: this document as HTML, with how to sign in, answers, limits and idempotency.",
    access: { guard: 'public', policy: 'public' },
    input: undefined,
    trpc: false,
    rest: [{ method: 'GET', path: '/docs', input: 'none', custom: true }],
    // Never called: written in rest-api.ts beside the document it shows.
    handler: () => Promise.reject(new AppError('notFound')),
  }),
});
