import { analyticsQuerySchema } from '@opencare/schemas/entities/analytics';
import {
  patientSearchQuerySchema,
  providerSearchQuerySchema,
  seriesQuerySchema,
  timelineQuerySchema,
  updatePatientCareInputSchema,
} from '@opencare/schemas/entities/patients';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getAnalytics } from '../../analytics/analytics.service';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { getPatient, listPatients, updatePatientCare } from '../../patients/patients.service';
import { getPatientSeries, getPatientSnapshot, getPatientTimeline } from '../../patients/snapshot.service';
import { getProvider, listProviders } from '../../providers/providers.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });

/** Patients, their snapshot and timeline, providers, and analytics (spec §7): thin adapters over their services. */
export function patientRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({
    actor: await authenticate(deps, req),
    meta: requestMetaOf(req),
  });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;

  const findPatients = async (req: FastifyRequest, reply: Parameters<typeof ok>[0]) => {
    const { actor, meta } = await who(req);
    const result = await listPatients(deps, actor, meta, parseInput(patientSearchQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  };
  app.get('/patients', findPatients);
  app.get('/patients/search', findPatients);
  app.get('/patients/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getPatient(deps, actor, meta, idOf(req)));
  });
  app.patch('/patients/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(updatePatientCareInputSchema, req.body);
    return ok(reply, await updatePatientCare(deps, actor, meta, idOf(req), input), 'Care profile saved.');
  });
  app.get('/patients/:id/snapshot', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getPatientSnapshot(deps, actor, meta, idOf(req)));
  });
  app.get('/patients/:id/series', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await getPatientSeries(deps, actor, meta, idOf(req), parseInput(seriesQuerySchema, req.query)),
    );
  });
  app.get('/patients/:id/timeline', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await getPatientTimeline(deps, actor, meta, idOf(req), parseInput(timelineQuerySchema, req.query)),
    );
  });

  const findProviders = async (req: FastifyRequest, reply: Parameters<typeof ok>[0]) => {
    const { actor, meta } = await who(req);
    const result = await listProviders(deps, actor, meta, parseInput(providerSearchQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  };
  app.get('/providers', findProviders);
  app.get('/providers/search', findProviders);
  app.get('/providers/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getProvider(deps, actor, meta, idOf(req)));
  });

  app.get('/analytics', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getAnalytics(deps, actor, meta, parseInput(analyticsQuerySchema, req.query)));
  });
}
