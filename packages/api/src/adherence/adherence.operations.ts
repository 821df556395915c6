import { patientsBehindSchema } from '@opencare/schemas/entities/adherence';
import { operation, operations } from '../operations/operation';
import { patientsBehind } from './adherence.service';

/** Adherence across the organisation's patients, for its clinicians' worklist. */
export const adherenceOperations = operations('adherence', {
  behind: operation({
    type: 'query',
    summary: "The organisation's patients behind on their readings (low adherence over 7 days, tasks missed today, no reading for days), worst first.",
    access: { guard: 'authed', policy: 'clinician' },
    input: undefined,
    output: patientsBehindSchema,
    rest: [{ method: 'GET', path: '/adherence/behind', input: 'none' }],
    handler: ({ deps, actor, meta }) => patientsBehind(deps, actor, meta),
  }),
});
