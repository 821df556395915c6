import { fhirSubscriptionSummarySchema } from '@opencare/schemas/entities/fhir-subscriptions';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { organisationSubscriptions, switchSubscriptionOff } from './subscriptions.service';

/** The organisation's FHIR subscriptions, for its admin (integrations make them over FHIR). */
export const fhirSubscriptionsOperations = operations('fhirSubscriptions', {
  list: operation({
    type: 'query',
    summary: "The organisation's FHIR subscriptions: the integration that made each, its endpoint, whether deliveries work and the last failure.",
    access: { guard: 'admin', policy: 'admin' },
    input: undefined,
    output: z.array(fhirSubscriptionSummarySchema),
    rest: [{ method: 'GET', path: '/fhir-subscriptions', input: 'none' }],
    handler: ({ deps, actor, meta }) => organisationSubscriptions(deps, actor, meta),
  }),
  switchOff: operation({
    type: 'mutation',
    summary: 'Switch a subscription of the organisation off: no more notifications are sent.',
    access: { guard: 'admin', policy: 'admin', kind: 'unfixtured', destructive: true },
    input: byIdSchema,
    output: fhirSubscriptionSummarySchema,
    rest: [{ method: 'PATCH', path: '/fhir-subscriptions/:id/off', input: 'params', message: 'Subscription switched off.' }],
    handler: ({ deps, actor, meta }, input) => switchSubscriptionOff(deps, actor, meta, input.id),
  }),
});
