import { telemedicineConfigSchema } from '@opencare/schemas/entities/settings';
import { operation, operations } from '../operations/operation';
import { telemedicineConfig } from './telemedicine.service';

/** How video visits run in the organisation (its call engine and timings), for the signed-in app. */
export const telemedicineOperations = operations('telemedicine', {
  config: operation({
    type: 'query',
    summary: "The organisation's video visit settings.",
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: telemedicineConfigSchema,
    rest: [{ method: 'GET', path: '/telemedicine/config', input: 'none' }],
    handler: ({ deps, actor }) => telemedicineConfig(deps, actor),
  }),
});
