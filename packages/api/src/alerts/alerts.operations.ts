import {
  acknowledgeAlertInputSchema,
  acknowledgeAlertsInputSchema,
  alertListQuerySchema,
  alertSchema,
  assignAlertInputSchema,
  resolveAlertInputSchema,
} from '@opencare/schemas/entities/measurements';
import { z } from 'zod';
import { idAndBody } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { acknowledgeAlert, acknowledgeAlerts, assignAlert, listAlerts, resolveAlert } from './alerts.service';

// A PATCH without a body (as clients of the first version send it) is a change without a comment.
const commentBody = acknowledgeAlertInputSchema.omit({ id: true }).default({});

/** Alerts: readings out of range, one open alert per patient and type, for the organisation's clinicians (alerts.service.ts). */
export const alertsOperations = operations('alerts', {
  list: operation({
    type: 'query',
    summary: "The organisation's alerts, worst and longest waiting first, open ones by default; one patient's with `patient`.",
    access: { guard: 'authed', policy: 'clinician' },
    input: alertListQuerySchema,
    output: alertSchema,
    rest: [{ method: 'GET', path: '/alerts', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listAlerts(deps, actor, meta, input),
  }),
  acknowledge: operation({
    type: 'mutation',
    summary: 'Acknowledge an alert, with an optional comment.',
    access: { guard: 'authed', policy: 'clinicianUpdate', kind: 'unfixtured' },
    input: acknowledgeAlertInputSchema,
    output: alertSchema,
    rest: [{ method: 'PATCH', path: '/alerts/:id/acknowledge', input: idAndBody(commentBody), message: 'Alert acknowledged.' }],
    handler: ({ deps, actor, meta }, input) => acknowledgeAlert(deps, actor, meta, input),
  }),
  acknowledgeMany: operation({
    type: 'mutation',
    summary: 'Acknowledge several alerts at once, with one optional comment: all of them, or none.',
    access: { guard: 'authed', policy: 'clinicianUpdate' },
    input: acknowledgeAlertsInputSchema,
    output: z.array(alertSchema),
    rest: [{ method: 'POST', path: '/alerts/acknowledge', input: 'body', message: 'Alerts acknowledged.' }],
    handler: ({ deps, actor, meta }, input) => acknowledgeAlerts(deps, actor, meta, input),
  }),
  assign: operation({
    type: 'mutation',
    summary: 'Assign an alert to a physician, nurse or assistant of the organisation.',
    access: { guard: 'authed', policy: 'clinicianUpdate', kind: 'unfixtured' },
    input: assignAlertInputSchema,
    output: alertSchema,
    rest: [{ method: 'PATCH', path: '/alerts/:id/assign', input: idAndBody(assignAlertInputSchema.omit({ id: true })), message: 'Alert assigned.' }],
    handler: ({ deps, actor, meta }, input) => assignAlert(deps, actor, meta, input),
  }),
  resolve: operation({
    type: 'mutation',
    summary: "Resolve an alert: the patient's next out-of-range reading of its type opens a new one.",
    access: { guard: 'authed', policy: 'clinicianUpdate', kind: 'unfixtured' },
    input: resolveAlertInputSchema,
    output: alertSchema,
    rest: [{ method: 'PATCH', path: '/alerts/:id/resolve', input: idAndBody(commentBody), message: 'Alert resolved.' }],
    handler: ({ deps, actor, meta }, input) => resolveAlert(deps, actor, meta, input),
  }),
});
