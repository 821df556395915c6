import {
  completeInvitationInputSchema,
  createInvitationInputSchema,
  invitationListQuerySchema,
  updateInvitationInputSchema,
} from '@opencare/schemas/entities/care';
import { tokenInputSchema } from '@opencare/schemas/entities/auth';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import {
  completeInvitation,
  createInvitation,
  deleteInvitation,
  getInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  updateInvitation,
  verifyInvitation,
} from '../../invitations/invitations.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok, rateLimit } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });

/** Invitations: admin operations, and the public verify and complete steps of the invitee. */
export function invitationRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({ actor: await authenticate(deps, req), meta: requestMetaOf(req) });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;
  const publicLimit = { preHandler: rateLimit(deps, 'invitation', deps.config.publicRateLimitPerMinute, 60_000) };

  app.get('/invitations', async (req, reply) => {
    const { actor, meta } = await who(req);
    const result = await listInvitations(deps, actor, meta, parseInput(invitationListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/invitations', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(createInvitationInputSchema, req.body);
    return ok(reply, await createInvitation(deps, actor, meta, input), 'Invitation sent.', { status: 201 });
  });
  app.post('/invitations/verify', publicLimit, async (req, reply) => {
    const { token } = parseInput(tokenInputSchema, req.body);
    return ok(reply, await verifyInvitation(deps, token));
  });
  app.post('/invitations/complete', publicLimit, async (req, reply) => {
    const input = parseInput(completeInvitationInputSchema, req.body);
    return ok(reply, await completeInvitation(deps, input, requestMetaOf(req)), 'Welcome. You can log in now.', { status: 201 });
  });
  app.get('/invitations/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getInvitation(deps, actor, meta, idOf(req)));
  });
  app.patch('/invitations/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(updateInvitationInputSchema, req.body);
    return ok(reply, await updateInvitation(deps, actor, meta, idOf(req), input), 'Invitation saved.');
  });
  app.delete('/invitations/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    await deleteInvitation(deps, actor, meta, idOf(req));
    return ok(reply, null, 'Invitation deleted.');
  });
  app.patch('/invitations/:id/resend', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await resendInvitation(deps, actor, meta, idOf(req)), 'Invitation sent again.');
  });
  app.patch('/invitations/:id/revoke', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await revokeInvitation(deps, actor, meta, idOf(req)), 'Invitation revoked.');
  });
}
