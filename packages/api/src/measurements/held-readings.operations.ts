import { heldReadingSchema, reviewHeldReadingInputSchema } from '@opencare/schemas/entities/held-readings';
import { z } from 'zod';
import { byIdSchema, byPatientSchema, patientOfPath } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { acceptHeldReading, listHeldReadings, rejectHeldReading } from './held-readings.service';

const reviewInput = byPatientSchema.extend(reviewHeldReadingInputSchema.shape);
/** REST `/patients/:id/held-readings/{accept,reject}` with `{ readingId, comment? }` as the body. */
const reviewOfPath = fromParts({
  params: byIdSchema,
  body: reviewHeldReadingInputSchema,
  map: ({ params, body }) => ({ patientId: params.id, ...body }),
});

/** Gateway readings outside physiological limits, held for a clinician's review (held-readings.service.ts). */
export const heldReadingsOperations = operations('heldReadings', {
  list: operation({
    type: 'query',
    summary:
      "A patient's gateway readings held for review (values outside physiological limits), newest first.",
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: byPatientSchema,
    output: z.array(heldReadingSchema),
    rest: [{ method: 'GET', path: '/patients/:id/held-readings', input: patientOfPath }],
    handler: ({ deps, actor, meta }, input) => listHeldReadings(deps, actor, meta, input.patientId),
  }),
  accept: operation({
    type: 'mutation',
    summary:
      'Accept a held reading: it becomes a normal reading (classified, alerting, completing a task as any reading).',
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: reviewInput,
    output: heldReadingSchema,
    rest: [
      {
        method: 'POST',
        path: '/patients/:id/held-readings/accept',
        input: reviewOfPath,
        message: 'Reading accepted.',
      },
    ],
    handler: ({ deps, actor, meta }, { patientId, ...review }) =>
      acceptHeldReading(deps, actor, meta, patientId, review),
  }),
  reject: operation({
    type: 'mutation',
    summary: 'Reject a held reading: kept apart for good as entered-in-error, with who rejected it and why.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: reviewInput,
    output: heldReadingSchema,
    rest: [
      {
        method: 'POST',
        path: '/patients/:id/held-readings/reject',
        input: reviewOfPath,
        message: 'Reading rejected.',
      },
    ],
    handler: ({ deps, actor, meta }, { patientId, ...review }) =>
      rejectHeldReading(deps, actor, meta, patientId, review),
  }),
});
