import {
  apiKeySchema,
  createdApiKeySchema,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@opencare/schemas/entities/api-keys';
import { authedRequest } from '../../api/client';

/** The organisation's integration keys, newest first; never the keys themselves, which the server does not keep. */
export function listApiKeys(): Promise<ApiKey[]> {
  return authedRequest('/api-keys', { schema: apiKeySchema.array() });
}

/** A new key: the answer is the one and only time its secret is sent. */
export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return authedRequest('/api-keys', { method: 'POST', body: input, schema: createdApiKeySchema });
}

/** Revoked at once and for good. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return authedRequest(`/api-keys/${encodeURIComponent(id)}/revoke`, {
    method: 'PATCH',
    schema: apiKeySchema,
  });
}
