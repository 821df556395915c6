import { emailSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { operation, operations } from '../operations/operation';

/**
 * The development mail outbox (outbox.service.ts says who may read it). REST only and written by
 * hand (transport/rest/system.routes.ts): a token is optional, but one that is sent must be live.
 */
export const outboxOperations = operations('outbox', {
  read: operation({
    type: 'query',
    summary: 'The mail kept instead of sent (no SMTP), newest first; `to` narrows it to one address.',
    access: {
      guard: 'anyone',
      policy: 'admin',
      note: "the development mail outbox (no SMTP): the organisation's admins read its mail (others' admins see none of it); anyone only with DEV_OUTBOX=true, which production refuses; 404 with SMTP or MAIL_DISABLED",
    },
    input: z.strictObject({ to: emailSchema.optional() }),
    output: z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }),
    trpc: false,
    rest: [{ method: 'GET', path: '/dev/outbox', input: 'query', custom: true }],
    // Never called: the route is written in system.routes.ts (custom).
    handler: () => Promise.reject(new AppError('notFound')),
  }),
});
