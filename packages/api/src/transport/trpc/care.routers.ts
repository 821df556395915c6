import { createApiKeyInputSchema } from '@opencare/schemas/entities/api-keys';
import {
  createTaskInputSchema,
  dailyTasksQuerySchema,
  measurementScheduleSchema,
  scheduleListQuerySchema,
  taskRangeQuerySchema,
  updateScheduleInputSchema,
  updateTaskInputSchema,
} from '@opencare/schemas/entities/care';
import { setThresholdsInputSchema } from '@opencare/schemas/entities/measurement-ranges';
import {
  createMeasurementInputSchema,
  measurementListQuerySchema,
  measurementTypeSchema,
  uploadFileInputSchema,
} from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../api-keys/api-keys.service';
import { fhirObservation, fhirPatient, observationSearchSchema, searchObservations } from '../../fhir/fhir.service';
import { getPhoto, uploadPhoto } from '../../files/photos.service';
import { getMeasurement, listMeasurements, recordMeasurement } from '../../measurements/measurements.service';
import { getThresholds, resetThresholds, setThresholds } from '../../measurements/thresholds.service';
import { createSchedule, endSchedule, getSchedule, listSchedules, updateSchedule } from '../../schedules/schedules.service';
import { createTask, dailyTasks, getTask, listTasks, updateTask } from '../../tasks/tasks.service';
import { adminProcedure, authedProcedure, router } from './trpc';

const byId = z.strictObject({ id: uuidSchema });
const byPatientAndType = z.strictObject({ patientId: uuidSchema, type: measurementTypeSchema });
const byFhirId = z.strictObject({ id: z.string().max(64) });

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

const filesRouter = router({
  upload: authedProcedure.input(uploadFileInputSchema).mutation(({ ctx, input }) => uploadPhoto(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getPhoto(ctx.deps, ctx.actor, ctx.meta, input.id)),
});

const schedulesRouter = router({
  list: authedProcedure.input(scheduleListQuerySchema).query(({ ctx, input }) => listSchedules(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getSchedule(ctx.deps, ctx.actor, ctx.meta, input.id)),
  create: authedProcedure.input(measurementScheduleSchema).mutation(({ ctx, input }) => createSchedule(ctx.deps, ctx.actor, ctx.meta, input)),
  update: authedProcedure
    .input(byId.extend({ changes: updateScheduleInputSchema }))
    .mutation(({ ctx, input }) => updateSchedule(ctx.deps, ctx.actor, ctx.meta, input.id, input.changes)),
  end: authedProcedure.input(byId).mutation(({ ctx, input }) => endSchedule(ctx.deps, ctx.actor, ctx.meta, input.id)),
});

const tasksRouter = router({
  list: authedProcedure.input(taskRangeQuerySchema).query(({ ctx, input }) => listTasks(ctx.deps, ctx.actor, ctx.meta, input)),
  daily: authedProcedure
    .input(dailyTasksQuerySchema)
    .query(({ ctx, input }) => dailyTasks(ctx.deps, { kind: 'account', actor: ctx.actor }, ctx.meta, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getTask(ctx.deps, ctx.actor, ctx.meta, input.id)),
  create: authedProcedure.input(createTaskInputSchema).mutation(({ ctx, input }) => createTask(ctx.deps, ctx.actor, ctx.meta, input)),
  update: authedProcedure
    .input(byId.extend(updateTaskInputSchema.shape))
    .mutation(({ ctx, input }) => updateTask(ctx.deps, ctx.actor, ctx.meta, input.id, { status: input.status })),
});

const apiKeysRouter = router({
  list: adminProcedure.query(({ ctx }) => listApiKeys(ctx.deps, ctx.actor, ctx.meta)),
  create: adminProcedure.input(createApiKeyInputSchema).mutation(({ ctx, input }) => createApiKey(ctx.deps, ctx.actor, ctx.meta, input)),
  revoke: adminProcedure.input(byId).mutation(({ ctx, input }) => revokeApiKey(ctx.deps, ctx.actor, ctx.meta, input.id)),
});

const fhirRouter = router({
  patient: authedProcedure.input(byFhirId).query(({ ctx, input }) => fhirPatient(ctx.deps, { kind: 'account', actor: ctx.actor }, ctx.meta, input.id)),
  observation: authedProcedure
    .input(byFhirId)
    .query(({ ctx, input }) => fhirObservation(ctx.deps, { kind: 'account', actor: ctx.actor }, ctx.meta, input.id)),
  observations: authedProcedure
    .input(observationSearchSchema)
    .query(({ ctx, input }) => searchObservations(ctx.deps, { kind: 'account', actor: ctx.actor }, ctx.meta, input)),
});

/** Spread into the app router: measurements, files, schedules, tasks, apiKeys, fhir. */
export const careRouters = {
  measurements: measurementsRouter,
  files: filesRouter,
  schedules: schedulesRouter,
  tasks: tasksRouter,
  apiKeys: apiKeysRouter,
  fhir: fhirRouter,
};
