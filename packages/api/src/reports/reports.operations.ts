import { billingQuerySchema, billingSummarySchema, reportSchema, systemStatusSchema } from '@opencare/schemas/entities/settings';
import { rpmBillingSummary } from '../billing/billing.service';
import { operation, operations } from '../operations/operation';
import { systemStatus } from '../system/system.service';
import { reportSummary } from './reports.service';

/** The organisation's figures, its remote-monitoring billing and the system's status: for its admins. */
export const reportsOperations = operations('reports', {
  summary: operation({
    type: 'query',
    summary: "The organisation's figures over the reporting period.",
    access: { guard: 'admin', policy: 'admin' },
    input: undefined,
    output: reportSchema,
    rest: [{ method: 'GET', path: '/reports/summary', input: 'none' }],
    handler: ({ deps, actor, meta }) => reportSummary(deps, actor, meta),
  }),
  rpmBilling: operation({
    type: 'query',
    summary: "One month's remote-monitoring billing: each patient's days with readings.",
    access: { guard: 'admin', policy: 'admin' },
    input: billingQuerySchema,
    output: billingSummarySchema,
    rest: [{ method: 'GET', path: '/billing/rpm', input: 'query' }],
    handler: ({ deps, actor, meta }, input) => rpmBillingSummary(deps, actor, meta, input.month),
  }),
  systemStatus: operation({
    type: 'query',
    summary: "The system's status: database, cache, mail, versions.",
    access: { guard: 'admin', policy: 'admin' },
    input: undefined,
    output: systemStatusSchema,
    rest: [{ method: 'GET', path: '/system/status', input: 'none' }],
    handler: ({ deps, actor, meta }) => systemStatus(deps, actor, meta),
  }),
});
