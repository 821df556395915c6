import { errorLogEntrySchema } from '@opencare/schemas/entities/error-log';
import { z } from 'zod';
import { operation, operations } from '../operations/operation';
import { recordClientError } from './logs.service';

/** Client error reports: from signed-in and signed-out screens alike; a live token, when sent, names the reporter. */
export const logsOperations = operations('logs', {
  create: operation({
    type: 'mutation',
    summary: "Report an error the web app met (kept where access is controlled; the server log gets the key only).",
    access: { guard: 'anyone', policy: 'public', note: 'the web app reports its errors before sign-in too' },
    rateLimit: { bucket: 'logs' },
    input: errorLogEntrySchema,
    output: z.object({ id: z.string() }),
    rest: [{ method: 'POST', path: '/logs', input: 'body', status: 201, message: 'Reported.' }],
    handler: ({ deps, actor }, input) => recordClientError(deps, actor?.userId ?? null, input),
  }),
});
