import {
  createTelehealthInvitationInputSchema,
  joinTelehealthInvitationInputSchema,
  leaveTelehealthInvitationInputSchema,
  telehealthInvitationKeySchema,
} from '@opencare/schemas/entities/visits';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import {
  createTelehealthInvitation,
  joinAsGuest,
  leaveAsGuest,
  listTelehealthInvitations,
  revokeTelehealthInvitation,
  viewTelehealthInvitation,
} from '../../telehealth-invitations/telehealth-invitations.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok, rateLimit } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });

/**
 * Telehealth invitations (spec §7): clinicians create, list and revoke guest links; the guest
 * opens, joins and leaves with the link's key and no credentials (rate-limited per address, as the
 * other public endpoints are, so keys cannot be guessed at speed).
 */
export function telehealthInvitationRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({
    actor: await authenticate(deps, req),
    meta: requestMetaOf(req),
  });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;
  const publicLimit = {
    preHandler: rateLimit(deps, 'telehealth-invitation', deps.config.publicRateLimitPerMinute, 60_000),
  };

  app.get('/telehealth-invitations', publicLimit, async (req, reply) => {
    const { key } = parseInput(telehealthInvitationKeySchema, req.query);
    return ok(reply, await viewTelehealthInvitation(deps, key));
  });
  app.post('/telehealth-invitations/join', publicLimit, async (req, reply) => {
    const input = parseInput(joinTelehealthInvitationInputSchema, req.body);
    return ok(reply, await joinAsGuest(deps, requestMetaOf(req), input), 'Joined the visit.');
  });
  app.post('/telehealth-invitations/leave', publicLimit, async (req, reply) => {
    const input = parseInput(leaveTelehealthInvitationInputSchema, req.body);
    return ok(reply, await leaveAsGuest(deps, input), 'Left the visit.');
  });
  app.post('/telehealth-invitations', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(createTelehealthInvitationInputSchema, req.body);
    return ok(reply, await createTelehealthInvitation(deps, actor, meta, input), 'Invitation sent.', {
      status: 201,
    });
  });
  app.patch('/telehealth-invitations/:id/revoke', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await revokeTelehealthInvitation(deps, actor, meta, idOf(req)), 'Invitation revoked.');
  });
  app.get('/visits/:id/telehealth-invitations', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listTelehealthInvitations(deps, actor, meta, idOf(req)));
  });
}
