import { z } from 'zod';
import { text } from '../rules';

/**
 * Integration API keys (spec §7 second source): an admin creates one per integration; it reads the
 * organisation's daily tasks and measurements, sent in the `x-api-key` header. The key itself is
 * shown once, at creation; the server keeps only its hash.
 */
export const API_KEY_HEADER = 'x-api-key';

export const createApiKeyInputSchema = z.strictObject({ name: text('Name', 100) });
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the key is sent. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
