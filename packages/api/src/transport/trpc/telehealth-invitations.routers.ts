import {
  createTelehealthInvitationInputSchema,
  joinTelehealthInvitationInputSchema,
  leaveTelehealthInvitationInputSchema,
  telehealthInvitationKeySchema,
} from '@opencare/schemas/entities/visits';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import {
  createTelehealthInvitation,
  joinAsGuest,
  leaveAsGuest,
  listTelehealthInvitations,
  revokeTelehealthInvitation,
  viewTelehealthInvitation,
} from '../../telehealth-invitations/telehealth-invitations.service';
import { authedProcedure, publicProcedure, router } from './trpc';

/** The public procedures share REST's per-address limit for guest links (keys are not guessable
 * anyway: 256 random bits; the limit keeps anyone from trying at speed). */
const limitedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { count } = await ctx.deps.limiter.hit(`telehealth-invitation:${ctx.meta.ip}`, 60_000);
  if (count > ctx.deps.config.publicRateLimitPerMinute) throw new AppError('rateLimited');
  return next();
});

/** Guest links over tRPC, the same services as REST. */
export const telehealthInvitationsRouter = router({
  create: authedProcedure
    .input(createTelehealthInvitationInputSchema)
    .mutation(({ ctx, input }) => createTelehealthInvitation(ctx.deps, ctx.actor, ctx.meta, input)),
  ofVisit: authedProcedure
    .input(z.strictObject({ visitId: uuidSchema }))
    .query(({ ctx, input }) => listTelehealthInvitations(ctx.deps, ctx.actor, ctx.meta, input.visitId)),
  revoke: authedProcedure
    .input(z.strictObject({ id: uuidSchema }))
    .mutation(({ ctx, input }) => revokeTelehealthInvitation(ctx.deps, ctx.actor, ctx.meta, input.id)),
  view: limitedProcedure
    .input(telehealthInvitationKeySchema)
    .query(({ ctx, input }) => viewTelehealthInvitation(ctx.deps, input.key)),
  join: limitedProcedure
    .input(joinTelehealthInvitationInputSchema)
    .mutation(({ ctx, input }) => joinAsGuest(ctx.deps, ctx.meta, input)),
  leave: limitedProcedure
    .input(leaveTelehealthInvitationInputSchema)
    .mutation(({ ctx, input }) => leaveAsGuest(ctx.deps, input)),
});
