import { providerDetailSchema, providerListItemSchema, providerSearchQuerySchema } from '@opencare/schemas/entities/patients';
import { byIdSchema } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { getProvider, listProviders } from './providers.service';

/** The organisation's directory of providers (spec §7 /providers). */
export const providersOperations = operations('providers', {
  list: operation({
    type: 'query',
    summary: "Find the organisation's active physicians, nurses and assistants.",
    access: { guard: 'authed', policy: 'anyUser', note: 'the organisation directory of providers' },
    input: providerSearchQuerySchema,
    output: providerListItemSchema,
    rest: [
      { method: 'GET', path: '/providers', input: 'query', list: true },
      { method: 'GET', path: '/providers/search', input: 'query', list: true },
    ],
    handler: ({ deps, actor, meta }, input) => listProviders(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: "One provider of the caller's organisation.",
    access: { guard: 'authed', policy: 'sameOrgUser', kind: 'provider' },
    input: byIdSchema,
    output: providerDetailSchema,
    rest: [{ method: 'GET', path: '/providers/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getProvider(deps, actor, meta, input.id),
  }),
});
