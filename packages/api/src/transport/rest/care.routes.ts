import {
  createMeasurementInputSchema,
  measurementListQuerySchema,
  measurementTypeSchema,
} from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { getMeasurement, listMeasurements, recordMeasurement } from '../../measurements/measurements.service';
import { getThresholds, resetThresholds, setThresholds } from '../../measurements/thresholds.service';
import { requestMetaOf } from '../http-request';
import { readerOf as readerOfRequest } from '../operations/rest-operations';
import { authenticate, ok } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });
const thresholdParams = z.strictObject({ id: uuidSchema, type: measurementTypeSchema });

/**
 * Measurements, thresholds and FHIR R4 (alerts, schedules, tasks, photos and API keys
 * are declared operations, in their features' *.operations.ts).
 */
export function careRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({ actor: await authenticate(deps, req), meta: requestMetaOf(req) });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;
  const readerOf = (req: FastifyRequest) => readerOfRequest(deps, req);

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
}
