import {
  billingCodeSchema,
  monitoringReportQuerySchema,
  monitoringReportSchema,
  updateBillingCodeInputSchema,
} from '@opencare/schemas/entities/monitoring-report';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { changeBillingCode, listBillingCodes, monitoringReport, monitoringReportExport, signMonitoringReport } from './monitoring-report.service';

/** The monthly report of remote patient monitoring (issue 19, part 3) and the billing codes it maps to. */
export const monitoringReportOperations = operations('monitoringReport', {
  month: operation({
    type: 'query',
    summary: "A closed month's report: per patient, the 30-day periods and minutes, the codes earned with their evidence, what is missing, the sign-off.",
    access: { guard: 'authed', policy: 'physicianNurseOrAdmin' },
    input: monitoringReportQuerySchema,
    output: monitoringReportSchema,
    rest: [{ method: 'GET', path: '/monitoring-report', input: 'query' }],
    handler: ({ deps, actor, meta }, input) => monitoringReport(deps, actor, meta, input.month),
  }),
  sign: operation({
    type: 'mutation',
    summary: "A physician signs a closed month's report; it is kept as signed.",
    access: { guard: 'authed', policy: 'physician' },
    input: monitoringReportQuerySchema,
    output: monitoringReportSchema,
    rest: [{ method: 'POST', path: '/monitoring-report/sign', input: 'body', status: 201, message: 'Report signed.' }],
    handler: ({ deps, actor, meta }, input) => signMonitoringReport(deps, actor, meta, input.month),
  }),
  csv: operation({
    type: 'query',
    summary: "The month's report as CSV for billing: one row per code line, with its evidence (REST answers the file itself).",
    access: { guard: 'authed', policy: 'physicianNurseOrAdmin' },
    input: monitoringReportQuerySchema,
    output: z.object({ filename: z.string(), csv: z.string() }),
    rest: [{ method: 'GET', path: '/monitoring-report/csv', input: 'query', custom: true, bytes: { answer: ['text/csv'] } }],
    handler: ({ deps, actor, meta }, input) => monitoringReportExport(deps, actor, meta, input.month),
  }),
  codes: operation({
    type: 'query',
    summary: "The organisation's billing codes of remote monitoring: kinds, thresholds, days in force.",
    access: { guard: 'authed', policy: 'physicianNurseOrAdmin' },
    input: undefined,
    output: billingCodeSchema,
    rest: [{ method: 'GET', path: '/billing-codes', input: 'none' }],
    handler: ({ deps, actor, meta }) => listBillingCodes(deps, actor, meta),
  }),
  updateCode: operation({
    type: 'mutation',
    summary: 'An admin updates a code as payers change it: words, thresholds, days in force.',
    access: { guard: 'admin', policy: 'admin', kind: 'unfixtured' },
    input: byIdSchema.extend(updateBillingCodeInputSchema.shape),
    output: billingCodeSchema,
    rest: [
      {
        method: 'PUT',
        path: '/billing-codes/:id',
        // The service checks the body (and which thresholds the code's kind takes) after its access check.
        input: fromParts({ params: byIdSchema, bodyAsSent: updateBillingCodeInputSchema, map: ({ params, body }) => ({ ...(body as object), id: params.id }) as never }),
        message: 'Code updated.',
      },
    ],
    handler: ({ deps, actor, meta }, { id, ...change }) => changeBillingCode(deps, actor, meta, id, change),
  }),
});
