import { joinVisitInputSchema, leaveVisitInputSchema } from '@opencare/schemas/entities/visits';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { endVisit, joinVisit, leaveVisit, startVisit } from '../../visits/visit-session.service';
import { authedProcedure, router } from './trpc';

const byId = z.strictObject({ id: uuidSchema });

/** The video visit over tRPC: the same service as REST's /visits/{id}/start, join, leave, end. */
export const visitSessionRouter = router({
  start: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => startVisit(ctx.deps, ctx.actor, ctx.meta, input.id)),
  join: authedProcedure
    .input(byId.extend(joinVisitInputSchema.shape))
    .mutation(({ ctx, input }) =>
      joinVisit(ctx.deps, ctx.actor, ctx.meta, input.id, {
        deviceId: input.deviceId,
        takeOver: input.takeOver,
      }),
    ),
  leave: authedProcedure
    .input(byId.extend(leaveVisitInputSchema.shape))
    .mutation(({ ctx, input }) =>
      leaveVisit(ctx.deps, ctx.actor, ctx.meta, input.id, { deviceId: input.deviceId }),
    ),
  end: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => endVisit(ctx.deps, ctx.actor, ctx.meta, input.id)),
});
