import { errorLogEntrySchema } from '@opencare/schemas/entities/error-log';
import { lookupTypeSchema } from '@opencare/schemas/lookups';
import { emailSchema } from '@opencare/schemas/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { resolveActor } from '../../auth/auth.service';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { getLookup, listLookups } from '../../lookups/lookups.service';
import { recordClientError } from '../../logs/logs.service';
import { readOutbox } from '../../outbox/outbox.service';
import { bearerToken, requestMetaOf } from '../http-request';
import { authenticate, ok, rateLimit } from './rest-kit';

/** Lookups, client error reports and the dev outbox. */
export function systemRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/lookups', async (req, reply) => {
    await authenticate(deps, req);
    return ok(reply, listLookups());
  });
  app.get('/lookups/:type', async (req, reply) => {
    await authenticate(deps, req);
    const { type } = parseInput(z.strictObject({ type: lookupTypeSchema }), req.params);
    return ok(reply, getLookup(type));
  });

  // Reports come from signed-in and signed-out screens alike; a token, when sent, names the reporter.
  app.post('/logs', { preHandler: rateLimit(deps, 'logs', deps.config.publicRateLimitPerMinute, 60_000) }, async (req, reply) => {
    const entry = parseInput(errorLogEntrySchema, req.body);
    const token = bearerToken(req);
    const actor = token ? await resolveActor(deps, token).catch(() => null) : null;
    return ok(reply, await recordClientError(deps, actor?.userId ?? null, entry), 'Reported.', { status: 201 });
  });

  // Admins of the organisation read its mail; an edge started with DEV_OUTBOX=true lets anyone.
  app.get('/dev/outbox', async (req, reply) => {
    const { to } = parseInput(z.strictObject({ to: emailSchema.optional() }), req.query);
    const actor = bearerToken(req) ? await authenticate(deps, req) : null;
    return ok(reply, await readOutbox(deps, actor, requestMetaOf(req), to));
  });
}
