import { setThresholdsInputSchema } from '@opencare/schemas/entities/measurement-ranges';
import {
  createMeasurementInputSchema,
  measurementListQuerySchema,
  measurementTypeSchema,
} from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { getMeasurement, listMeasurements, recordMeasurement } from '../../measurements/measurements.service';
import { getThresholds, resetThresholds, setThresholds } from '../../measurements/thresholds.service';
import { authedProcedure, router } from './trpc';

const byId = z.strictObject({ id: uuidSchema });
const byPatientAndType = z.strictObject({ patientId: uuidSchema, type: measurementTypeSchema });

/** The same services as care.routes.ts; tRPC readers are always signed-in people (no API keys). */
const measurementsRouter = router({
  record: authedProcedure.input(createMeasurementInputSchema).mutation(({ ctx, input }) => recordMeasurement(ctx.deps, ctx.actor, ctx.meta, input)),
  list: authedProcedure
    .input(measurementListQuerySchema)
    .query(({ ctx, input }) => listMeasurements(ctx.deps, { kind: 'account', actor: ctx.actor }, ctx.meta, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getMeasurement(ctx.deps, ctx.actor, ctx.meta, input.id)),
  thresholds: authedProcedure
    .input(z.strictObject({ patientId: uuidSchema }))
    .query(({ ctx, input }) => getThresholds(ctx.deps, ctx.actor, ctx.meta, input.patientId)),
  setThresholds: authedProcedure
    .input(byPatientAndType.extend(setThresholdsInputSchema.shape))
    .mutation(({ ctx, input }) => setThresholds(ctx.deps, ctx.actor, ctx.meta, input.patientId, input.type, { limits: input.limits })),
  resetThresholds: authedProcedure
    .input(byPatientAndType)
    .mutation(({ ctx, input }) => resetThresholds(ctx.deps, ctx.actor, ctx.meta, input.patientId, input.type)),
});

/** Spread into the app router: measurements. */
export const careRouters = {
  measurements: measurementsRouter,
};
