import { emailSchema } from '@opencare/schemas/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { readOutbox } from '../../outbox/outbox.service';
import { bearerToken, requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

/**
 * The dev outbox (declared in outbox/outbox.operations.ts, `custom`): admins of the organisation read
 * its mail; an edge started with DEV_OUTBOX=true lets anyone. A token is optional, but one that is
 * sent must be a live session.
 */
export function systemRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/dev/outbox', async (req, reply) => {
    const { to } = parseInput(z.strictObject({ to: emailSchema.optional() }), req.query);
    const actor = bearerToken(req) ? await authenticate(deps, req) : null;
    return ok(reply, await readOutbox(deps, actor, requestMetaOf(req), to));
  });
}
