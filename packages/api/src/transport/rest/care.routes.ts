import { API_KEY_HEADER, createApiKeyInputSchema } from '@opencare/schemas/entities/api-keys';
import {
  createTaskInputSchema,
  dailyTasksQuerySchema,
  measurementScheduleSchema,
  scheduleListQuerySchema,
  taskRangeQuerySchema,
  updateScheduleInputSchema,
  updateTaskInputSchema,
} from '@opencare/schemas/entities/care';
import {
  FILE_MAX_BYTES,
  createMeasurementInputSchema,
  measurementListQuerySchema,
  measurementTypeSchema,
  uploadFileInputSchema,
} from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createApiKey, listApiKeys, resolveApiKey, revokeApiKey } from '../../api-keys/api-keys.service';
import type { Reader } from '../../api-keys/integration-reader';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { getPhoto, uploadPhoto } from '../../files/photos.service';
import { getMeasurement, listMeasurements, recordMeasurement } from '../../measurements/measurements.service';
import { getThresholds, resetThresholds, setThresholds } from '../../measurements/thresholds.service';
import { createSchedule, endSchedule, getSchedule, listSchedules, updateSchedule } from '../../schedules/schedules.service';
import { createTask, dailyTasks, getTask, listTasks, updateTask } from '../../tasks/tasks.service';
import { requestMetaOf } from '../http-request';
import { fhirRoutes } from './fhir.routes';
import { authenticate, ok } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });
const thresholdParams = z.strictObject({ id: uuidSchema, type: measurementTypeSchema });
const rangeOf = (query: unknown) => parseInput(taskRangeQuerySchema, query);

/**
 * Measurements, thresholds and alerts, schedules and daily tasks, measurement photos, integration
 * API keys and FHIR R4. Schedules live at /schedules; "tasks" (spec §7's standard /tasks and
 * /tasks/patients/{id}) are the daily tasks the schedules make, plus one-off tasks.
 */
export function careRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({ actor: await authenticate(deps, req), meta: requestMetaOf(req) });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;
  /** A person's token, or else an integration's API key (the read-only second source of spec §7). */
  const readerOf = async (req: FastifyRequest): Promise<Reader> => {
    const key = req.headers[API_KEY_HEADER];
    if (!req.headers.authorization && typeof key === 'string' && key.length > 0) {
      return { kind: 'apiKey', key: await resolveApiKey(deps, requestMetaOf(req), key.slice(0, 200)) };
    }
    return { kind: 'account', actor: await authenticate(deps, req) };
  };

  // Measurements
  app.post('/measurements', async (req, reply) => {
    const { actor, meta } = await who(req);
    const saved = await recordMeasurement(deps, actor, meta, parseInput(createMeasurementInputSchema, req.body));
    return saved.created
      ? ok(reply, saved.measurement, 'Measurement saved.', { status: 201 })
      : ok(reply, saved.measurement, 'Measurement already saved.');
  });
  app.get('/measurements', async (req, reply) => {
    const result = await listMeasurements(deps, await readerOf(req), requestMetaOf(req), parseInput(measurementListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.get('/measurements/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getMeasurement(deps, actor, meta, idOf(req)));
  });

  // Measurement photos: base64 inside JSON, so this one route reads a larger body.
  app.post('/files', { bodyLimit: Math.ceil(FILE_MAX_BYTES * 1.4) }, async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await uploadPhoto(deps, actor, meta, parseInput(uploadFileInputSchema, req.body)), 'Photo saved.', { status: 201 });
  });
  app.get('/files/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getPhoto(deps, actor, meta, idOf(req)));
  });

  // Thresholds, per patient and type
  app.get('/patients/:id/thresholds', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getThresholds(deps, actor, meta, idOf(req)));
  });
  app.put('/patients/:id/thresholds/:type', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { id, type } = parseInput(thresholdParams, req.params);
    return ok(reply, await setThresholds(deps, actor, meta, id, type, req.body), 'Thresholds saved.');
  });
  app.delete('/patients/:id/thresholds/:type', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { id, type } = parseInput(thresholdParams, req.params);
    return ok(reply, await resetThresholds(deps, actor, meta, id, type), 'Thresholds reset to the defaults.');
  });

  // Schedules
  app.get('/schedules', async (req, reply) => {
    const { actor, meta } = await who(req);
    const result = await listSchedules(deps, actor, meta, parseInput(scheduleListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/schedules', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await createSchedule(deps, actor, meta, parseInput(measurementScheduleSchema, req.body)), 'Schedule created.', { status: 201 });
  });
  app.get('/schedules/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getSchedule(deps, actor, meta, idOf(req)));
  });
  app.patch('/schedules/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await updateSchedule(deps, actor, meta, idOf(req), parseInput(updateScheduleInputSchema, req.body)), 'Schedule saved.');
  });
  app.delete('/schedules/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await endSchedule(deps, actor, meta, idOf(req)), 'Schedule ended.');
  });

  // Tasks
  app.get('/tasks', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listTasks(deps, actor, meta, rangeOf(req.query)));
  });
  app.get('/tasks/patients/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listTasks(deps, actor, meta, rangeOf({ ...(req.query as object), patient: idOf(req) })));
  });
  app.post('/tasks', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await createTask(deps, actor, meta, parseInput(createTaskInputSchema, req.body)), 'Task created.', { status: 201 });
  });
  app.get('/tasks/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getTask(deps, actor, meta, idOf(req)));
  });
  app.patch('/tasks/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await updateTask(deps, actor, meta, idOf(req), parseInput(updateTaskInputSchema, req.body)), 'Task saved.');
  });
  // Deleting cancels: a task that was due stays on the patient's record.
  app.delete('/tasks/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await updateTask(deps, actor, meta, idOf(req), { status: 'cancelled' }), 'Task cancelled.');
  });
  app.get('/daily-tasks', async (req, reply) =>
    ok(reply, await dailyTasks(deps, await readerOf(req), requestMetaOf(req), parseInput(dailyTasksQuerySchema, req.query))),
  );

  // Integration API keys (admins)
  app.get('/api-keys', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listApiKeys(deps, actor, meta));
  });
  app.post('/api-keys', async (req, reply) => {
    const { actor, meta } = await who(req);
    const created = await createApiKey(deps, actor, meta, parseInput(createApiKeyInputSchema, req.body));
    return ok(reply, created, 'API key created. Copy it now: it is not shown again.', { status: 201 });
  });
  app.patch('/api-keys/:id/revoke', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await revokeApiKey(deps, actor, meta, idOf(req)), 'API key revoked.');
  });

  void app.register(fhirRoutes(deps, readerOf), { prefix: '/fhir/R4' });
}
