import { alertListQuerySchema, alertSchema } from '@opencare/schemas/entities/measurements';
import { byIdSchema } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { acknowledgeAlert, listAlerts } from './alerts.service';

/** Alerts: readings out of range, for the organisation's clinicians (alerts.service.ts). */
export const alertsOperations = operations('alerts', {
  list: operation({
    type: 'query',
    summary: "The organisation's alerts, open ones by default; one patient's with `patient`.",
    access: { guard: 'authed', policy: 'clinician' },
    input: alertListQuerySchema,
    output: alertSchema,
    rest: [{ method: 'GET', path: '/alerts', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listAlerts(deps, actor, meta, input),
  }),
  acknowledge: operation({
    type: 'mutation',
    summary: 'Acknowledge an alert.',
    access: { guard: 'authed', policy: 'clinicianUpdate', kind: 'unfixtured' },
    input: byIdSchema,
    output: alertSchema,
    rest: [{ method: 'PATCH', path: '/alerts/:id/acknowledge', input: 'params', message: 'Alert acknowledged.' }],
    handler: ({ deps, actor, meta }, input) => acknowledgeAlert(deps, actor, meta, input.id),
  }),
});
