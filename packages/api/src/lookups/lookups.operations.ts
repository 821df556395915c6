import { lookupItemSchema, lookupTypeSchema } from '@opencare/schemas/lookups';
import { z } from 'zod';
import { operation, operations } from '../operations/operation';
import { getLookup, listLookups } from './lookups.service';

/** The coded lists of packages/schemas (genders, specialties, …), read-only, for signed-in people. */
export const lookupsOperations = operations('lookups', {
  list: operation({
    type: 'query',
    summary: 'Every lookup list, by type.',
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: z.record(z.string(), z.array(lookupItemSchema)),
    rest: [{ method: 'GET', path: '/lookups', input: 'none' }],
    handler: () => Promise.resolve(listLookups()),
  }),
  get: operation({
    type: 'query',
    summary: 'One lookup list.',
    access: { guard: 'authed', policy: 'anyUser' },
    input: z.strictObject({ type: lookupTypeSchema }),
    output: z.array(lookupItemSchema),
    rest: [{ method: 'GET', path: '/lookups/:type', input: 'params' }],
    handler: (_ctx, input) => Promise.resolve(getLookup(input.type)),
  }),
});
