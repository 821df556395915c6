import {
  mailRecipientQuerySchema,
  newThreadInputSchema,
  replyInputSchema,
  threadListQuerySchema,
} from '@opencare/schemas/entities/mail';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import {
  createThread,
  getThread,
  listThreads,
  mailRecipients,
  replyToThread,
  unreadCount,
} from '../../mail-threads/mail-threads.service';
import { authedProcedure, router } from './trpc';

const byId = z.strictObject({ id: uuidSchema });

/**
 * Secure mail over tRPC: the same services and rules as REST. Attachments are uploaded and
 * downloaded over REST only (raw bytes, not JSON); here they are named by id.
 */
export const mailRouter = router({
  threads: authedProcedure
    .input(threadListQuerySchema)
    .query(({ ctx, input }) => listThreads(ctx.deps, ctx.actor, ctx.meta, input)),
  thread: authedProcedure.input(byId).query(({ ctx, input }) => getThread(ctx.deps, ctx.actor, ctx.meta, input.id)),
  createThread: authedProcedure
    .input(newThreadInputSchema)
    .mutation(({ ctx, input }) => createThread(ctx.deps, ctx.actor, ctx.meta, input)),
  reply: authedProcedure
    .input(replyInputSchema.extend({ threadId: uuidSchema }))
    .mutation(({ ctx, input: { threadId, ...message } }) => replyToThread(ctx.deps, ctx.actor, ctx.meta, threadId, message)),
  unreadCount: authedProcedure.query(({ ctx }) => unreadCount(ctx.deps, ctx.actor, ctx.meta)),
  recipients: authedProcedure
    .input(mailRecipientQuerySchema)
    .query(({ ctx, input }) => mailRecipients(ctx.deps, ctx.actor, ctx.meta, input.search)),
});
