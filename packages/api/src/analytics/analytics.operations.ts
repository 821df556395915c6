import { analyticsQuerySchema, analyticsSchema } from '@opencare/schemas/entities/analytics';
import { operation, operations } from '../operations/operation';
import { getAnalytics } from './analytics.service';

/** Organisation-wide analytics (counts only). */
export const analyticsOperations = operations('analytics', {
  summary: operation({
    type: 'query',
    summary: 'Task adherence per week, readings and out-of-range readings per type, visits per status.',
    access: { guard: 'authed', policy: 'physicianOrNurse' },
    input: analyticsQuerySchema,
    output: analyticsSchema,
    rest: [{ method: 'GET', path: '/analytics', input: 'query' }],
    handler: ({ deps, actor, meta }, input) => getAnalytics(deps, actor, meta, input),
  }),
});
