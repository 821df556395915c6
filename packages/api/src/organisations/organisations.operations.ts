import { organisationOverviewSchema } from '@opencare/schemas/entities/organisations';
import { operation, operations } from '../operations/operation';
import { organisationOverview } from './organisations.service';

/** The organisation itself, as its admins see it. */
export const organisationsOperations = operations('organisations', {
  overview: operation({
    type: 'query',
    summary: "The organisation at a glance: active patients, staff, pending invitations, gateways offline, open alerts, readings in the last 24 hours.",
    access: { guard: 'admin', policy: 'admin' },
    input: undefined,
    output: organisationOverviewSchema,
    rest: [{ method: 'GET', path: '/organisations/overview', input: 'none' }],
    handler: ({ deps, actor, meta }) => organisationOverview(deps, actor, meta),
  }),
});
