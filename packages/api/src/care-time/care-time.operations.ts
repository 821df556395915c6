import {
  addCareTimeInputSchema,
  careTimeEntrySchema,
  careTimeMonthQuerySchema,
  careTimeMonthSchema,
  chartBeatSchema,
  correctCareTimeInputSchema,
} from '@opencare/schemas/entities/care-time';
import type { z } from 'zod';
import { byIdSchema, byPatientSchema, idAndBody, patientOfPath } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { addCareTime, careTimeMonth, chartBeat, correctCareTime } from './care-time.service';

/** Care time of remote patient monitoring (issue 19): counted on the chart, in visits, by hand. */
export const careTimeOperations = operations('careTime', {
  month: operation({
    type: 'query',
    summary: "A patient's month of monitoring: minutes of care time, days with readings, interactive contact, the entries.",
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: byPatientSchema.extend(careTimeMonthQuerySchema.shape),
    output: careTimeMonthSchema,
    rest: [
      {
        method: 'GET',
        path: '/patients/:id/care-time',
        input: fromParts({ params: byIdSchema, query: careTimeMonthQuerySchema, map: ({ params, query }) => ({ patientId: params.id, ...query }) }),
      },
    ],
    handler: ({ deps, actor, meta }, input) => careTimeMonth(deps, actor, meta, input.patientId, input.month),
  }),
  chartBeat: operation({
    type: 'mutation',
    summary: "The patient's chart is open and in use in front of the caller: count the time since the last beat.",
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: byPatientSchema,
    output: chartBeatSchema,
    rest: [{ method: 'POST', path: '/patients/:id/care-time/beats', input: patientOfPath }],
    handler: ({ deps, actor, meta }, input) => chartBeat(deps, actor, meta, input.patientId),
  }),
  add: operation({
    type: 'mutation',
    summary: 'Time spent on the patient away from the product, entered by hand with a reason.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: byPatientSchema.extend(addCareTimeInputSchema.shape),
    output: careTimeEntrySchema,
    rest: [
      {
        method: 'POST',
        path: '/patients/:id/care-time',
        // The service checks the body (the time rules) after its access check.
        input: fromParts({
          params: byIdSchema,
          bodyAsSent: addCareTimeInputSchema,
          map: ({ params, body }) => ({ ...(body as z.output<typeof addCareTimeInputSchema>), patientId: params.id }),
        }),
        status: 201,
        message: 'Time added.',
      },
    ],
    handler: ({ deps, actor, meta }, { patientId, ...entry }) => addCareTime(deps, actor, meta, patientId, entry),
  }),
  correct: operation({
    type: 'mutation',
    summary: 'Correct an entry by hand (never above the time first counted), with the reason.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'unfixtured' },
    input: byIdSchema.extend(correctCareTimeInputSchema.shape),
    output: careTimeEntrySchema,
    rest: [{ method: 'PATCH', path: '/care-time/:id', input: idAndBody(correctCareTimeInputSchema), message: 'Time corrected.' }],
    handler: ({ deps, actor, meta }, { id, ...change }) => correctCareTime(deps, actor, meta, id, change),
  }),
});
