import { z } from 'zod';
import { fhirObservation, fhirPatient, observationSearchSchema, searchObservations } from '../../fhir/fhir.service';
import { authedProcedure, router } from './trpc';

const byFhirId = z.strictObject({ id: z.string().max(64) });

/** The same services as fhir.routes.ts; tRPC readers are always signed-in people (no API keys). */
const fhirRouter = router({
  patient: authedProcedure.input(byFhirId).query(({ ctx, input }) => fhirPatient(ctx.deps, { kind: 'account', actor: ctx.actor }, ctx.meta, input.id)),
  observation: authedProcedure
    .input(byFhirId)
    .query(({ ctx, input }) => fhirObservation(ctx.deps, { kind: 'account', actor: ctx.actor }, ctx.meta, input.id)),
  observations: authedProcedure
    .input(observationSearchSchema)
    .query(({ ctx, input }) => searchObservations(ctx.deps, { kind: 'account', actor: ctx.actor }, ctx.meta, input)),
});

/** Spread into the app router: fhir (measurements are declared operations). */
export const careRouters = {
  fhir: fhirRouter,
};
