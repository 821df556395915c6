import { analyticsQuerySchema } from '@opencare/schemas/entities/analytics';
import {
  patientSearchQuerySchema,
  providerSearchQuerySchema,
  seriesQuerySchema,
  timelineQuerySchema,
  updatePatientCareInputSchema,
} from '@opencare/schemas/entities/patients';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { getAnalytics } from '../../analytics/analytics.service';
import { getPatient, listPatients, updatePatientCare } from '../../patients/patients.service';
import { getPatientSeries, getPatientSnapshot, getPatientTimeline } from '../../patients/snapshot.service';
import { getProvider, listProviders } from '../../providers/providers.service';
import { authedProcedure, router } from './trpc';

const byId = z.strictObject({ id: uuidSchema });

// Record-level rules (own record, the organisation's patients, physicians and nurses for the care
// profile) are decided and audited in the services, so every procedure starts from a session.
export const patientsRouter = router({
  list: authedProcedure
    .input(patientSearchQuerySchema)
    .query(({ ctx, input }) => listPatients(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getPatient(ctx.deps, ctx.actor, ctx.meta, input.id)),
  updateCare: authedProcedure
    .input(byId.extend({ values: updatePatientCareInputSchema }))
    .mutation(({ ctx, input }) => updatePatientCare(ctx.deps, ctx.actor, ctx.meta, input.id, input.values)),
  snapshot: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getPatientSnapshot(ctx.deps, ctx.actor, ctx.meta, input.id)),
  series: authedProcedure
    .input(z.strictObject({ id: uuidSchema, query: seriesQuerySchema }))
    .query(({ ctx, input }) => getPatientSeries(ctx.deps, ctx.actor, ctx.meta, input.id, input.query)),
  timeline: authedProcedure
    .input(z.strictObject({ id: uuidSchema, query: timelineQuerySchema }))
    .query(({ ctx, input }) => getPatientTimeline(ctx.deps, ctx.actor, ctx.meta, input.id, input.query)),
});

export const providersRouter = router({
  list: authedProcedure
    .input(providerSearchQuerySchema)
    .query(({ ctx, input }) => listProviders(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getProvider(ctx.deps, ctx.actor, ctx.meta, input.id)),
});

export const analyticsRouter = router({
  summary: authedProcedure
    .input(analyticsQuerySchema)
    .query(({ ctx, input }) => getAnalytics(ctx.deps, ctx.actor, ctx.meta, input)),
});

/** Composed into the app router by root.ts in one line. */
export const patientRouters = {
  patients: patientsRouter,
  providers: providersRouter,
  analytics: analyticsRouter,
};
