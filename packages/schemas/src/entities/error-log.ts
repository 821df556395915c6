import { z } from 'zod';

/** Error log entry of spec §3, as the client reports it to POST /api/v1/logs. */
export const errorLogEntrySchema = z.strictObject({
  key: z.string().trim().min(1).max(100).default('unknown'),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  info: z.string().max(4000).optional(),
  environment: z.strictObject({
    userAgent: z.string().max(500).optional(),
    url: z.string().max(2000).optional(),
    release: z.string().max(100).optional(),
    mode: z.string().max(30).optional(),
  }),
});
export type ErrorLogEntry = z.infer<typeof errorLogEntrySchema>;
