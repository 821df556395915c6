import { apiKeySchema, createApiKeyInputSchema, createdApiKeySchema } from '@opencare/schemas/entities/api-keys';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** Integration API keys: made by the organisation's admins, read-only access for integrations. */
export const apiKeysOperations = operations('apiKeys', {
  list: operation({
    type: 'query',
    summary: "The organisation's API keys (never the key itself).",
    access: { guard: 'admin', policy: 'admin' },
    input: undefined,
    output: z.array(apiKeySchema),
    rest: [{ method: 'GET', path: '/api-keys', input: 'none' }],
    handler: ({ deps, actor, meta }) => listApiKeys(deps, actor, meta),
  }),
  create: operation({
    type: 'mutation',
    summary: 'A new API key, shown once.',
    access: { guard: 'admin', policy: 'admin' },
    input: createApiKeyInputSchema,
    output: createdApiKeySchema,
    rest: [{ method: 'POST', path: '/api-keys', input: 'body', status: 201, message: 'API key created. Copy it now: it is not shown again.' }],
    handler: ({ deps, actor, meta }, input) => createApiKey(deps, actor, meta, input),
  }),
  revoke: operation({
    type: 'mutation',
    summary: 'Revoke an API key.',
    access: { guard: 'admin', policy: 'admin', kind: 'apiKey', destructive: true },
    input: byIdSchema,
    output: apiKeySchema,
    rest: [{ method: 'PATCH', path: '/api-keys/:id/revoke', input: 'params', message: 'API key revoked.' }],
    handler: ({ deps, actor, meta }, input) => revokeApiKey(deps, actor, meta, input.id),
  }),
});
