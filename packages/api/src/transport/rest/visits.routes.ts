import { joinVisitInputSchema, leaveVisitInputSchema } from '@opencare/schemas/entities/visits';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { endVisit, joinVisit, leaveVisit, startVisit } from '../../visits/visit-session.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });

/**
 * The video visit (spec §7): start, participants join and leave, end. Listing, reading, the code
 * lookup and completing are with the appointments' routes. Thin adapters over the visit session.
 */
export function visitRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({
    actor: await authenticate(deps, req),
    meta: requestMetaOf(req),
    id: parseInput(idParams, req.params).id,
  });

  app.post('/visits/:id/start', async (req, reply) => {
    const { actor, meta, id } = await who(req);
    return ok(reply, await startVisit(deps, actor, meta, id), 'Visit started.');
  });
  app.post('/visits/:id/participants/join', async (req, reply) => {
    const { actor, meta, id } = await who(req);
    const input = parseInput(joinVisitInputSchema, req.body);
    return ok(reply, await joinVisit(deps, actor, meta, id, input), 'Joined the visit.');
  });
  app.post('/visits/:id/participants/leave', async (req, reply) => {
    const { actor, meta, id } = await who(req);
    const input = parseInput(leaveVisitInputSchema, req.body);
    return ok(reply, await leaveVisit(deps, actor, meta, id, input), 'Left the visit.');
  });
  app.post('/visits/:id/end', async (req, reply) => {
    const { actor, meta, id } = await who(req);
    return ok(reply, await endVisit(deps, actor, meta, id), 'Visit ended.');
  });
}
