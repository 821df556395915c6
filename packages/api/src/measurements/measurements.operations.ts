import { setThresholdsInputSchema, thresholdsSchema } from '@opencare/schemas/entities/measurement-ranges';
import { measurementListQuerySchema, recordMeasurementInputSchema, measurementSchema, measurementTypeSchema } from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { byIdSchema, byPatientSchema, patientOfPath } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { getMeasurement, listMeasurements, recordMeasurement, type SavedReading } from './measurements.service';
import { getThresholds, resetThresholds, setThresholds } from './thresholds.service';

const byPatientAndType = z.strictObject({ patientId: uuidSchema, type: measurementTypeSchema });
const thresholdParams = z.strictObject({ id: uuidSchema, type: measurementTypeSchema });

/** Readings and each patient's alert thresholds (measurements.service.ts, thresholds.service.ts). */
export const measurementsOperations = operations('measurements', {
  record: operation({
    type: 'mutation',
    summary: 'A reading the patient enters themself (or, with `patientId`, a caregiver allowed to record readings for them); the same id with the same reading is answered with the stored one.',
    access: { guard: 'authed', policy: 'patientSelf', note: 'also a caregiver the patient lets record readings (no matrix caller holds such a link)' },
    input: recordMeasurementInputSchema,
    output: measurementSchema,
    rest: [
      {
        method: 'POST',
        path: '/measurements',
        input: 'body',
        status: 201,
        message: 'Measurement saved.',
        // A replayed write (the same idempotency key and reading) is 200, not 201.
        answer: (saved: SavedReading) => (saved.created ? { data: saved.measurement, status: 201, message: 'Measurement saved.' } : { data: saved.measurement, status: 200, message: 'Measurement already saved.' }),
      },
    ],
    handler: ({ deps, actor, meta }, input) => recordMeasurement(deps, actor, meta, input),
  }),
  list: operation({
    type: 'query',
    summary: "A patient's readings, newest first (with a person's token, or an integration's API key).",
    access: { guard: 'reader', policy: 'patientRead', kind: 'patient', note: 'the patient named by ?patient=' },
    input: measurementListQuerySchema,
    output: measurementSchema,
    rest: [{ method: 'GET', path: '/measurements', input: 'query', list: true }],
    handler: ({ deps, reader, meta }, input) => listMeasurements(deps, reader, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One reading.',
    access: { guard: 'authed', policy: 'patientRead', kind: 'measurement' },
    input: byIdSchema,
    output: measurementSchema,
    rest: [{ method: 'GET', path: '/measurements/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getMeasurement(deps, actor, meta, input.id),
  }),
  thresholds: operation({
    type: 'query',
    summary: "A patient's alert thresholds, per measurement type.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: byPatientSchema,
    output: z.array(thresholdsSchema),
    rest: [{ method: 'GET', path: '/patients/:id/thresholds', input: patientOfPath }],
    handler: ({ deps, actor, meta }, input) => getThresholds(deps, actor, meta, input.patientId),
  }),
  setThresholds: operation({
    type: 'mutation',
    summary: "Set a patient's alert limits for one measurement type (only that type's fields).",
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: byPatientAndType.extend(setThresholdsInputSchema.shape),
    output: thresholdsSchema,
    rest: [
      {
        method: 'PUT',
        path: '/patients/:id/thresholds/:type',
        // The limits are checked by the service against the type's own fields, after its access check.
        input: fromParts({
          params: thresholdParams,
          bodyAsSent: setThresholdsInputSchema,
          map: ({ params, body }) => ({ ...(body as z.output<typeof setThresholdsInputSchema>), patientId: params.id, type: params.type }),
        }),
        message: 'Thresholds saved.',
      },
    ],
    handler: ({ deps, actor, meta }, { patientId, type, ...change }) => setThresholds(deps, actor, meta, patientId, type, change),
  }),
  resetThresholds: operation({
    type: 'mutation',
    summary: "Put a patient's limits for one measurement type back to the defaults.",
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: byPatientAndType,
    output: thresholdsSchema,
    rest: [{ method: 'DELETE', path: '/patients/:id/thresholds/:type', input: fromParts({ params: thresholdParams, map: ({ params }) => ({ patientId: params.id, type: params.type }) }), message: 'Thresholds reset to the defaults.' }],
    handler: ({ deps, actor, meta }, input) => resetThresholds(deps, actor, meta, input.patientId, input.type),
  }),
});
