import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '@opencare/schemas/entities/api-keys';
import { adminCheckOf, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import type { IntegrationIdentity } from './integration-reader';
import { AppError } from '../errors/app-error';
import { findApiKey, insertApiKey, listApiKeys as listApiKeyRows, revokeApiKey as revokeApiKeyRow, useApiKey, type ApiKeyRow } from './api-keys.repository';

// 256 random bits: guessing is hopeless, so a plain SHA-256 (not a slow password hash) is enough to
// keep a stolen table from giving keys away, and it lets a key be found by its hash.
const KEY_PREFIX = 'ock_';
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

const toDto = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const adminOf = adminCheckOf('apiKey');

export async function listApiKeys(deps: Deps, actor: Actor, meta: RequestMeta): Promise<ApiKey[]> {
  await adminOf(deps, actor, meta, 'apiKeys.list', null);
  return (await listApiKeyRows(deps.db, actor.organisationId)).map(toDto);
}

/** A new key for the admin's organisation; the answer is the only place the key ever appears. */
export async function createApiKey(deps: Deps, actor: Actor, meta: RequestMeta, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  requireRouteRole(actor, 'admin');
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(deps.db, {
    organisationId: actor.organisationId,
    name: input.name,
    keyHash: hashOf(key),
    createdByAccountId: actor.accountId,
  });
  await adminOf(deps, actor, meta, 'apiKeys.create', row.id);
  return { ...toDto(row), key };
}

/** Revoked at once and for good: a revoked key is never accepted again. */
export async function revokeApiKey(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<ApiKey> {
  requireRouteRole(actor, 'admin');
  const row = await findApiKey(deps.db, id);
  if (!row) throw new AppError('notFound');
  await adminOf(deps, actor, meta, 'apiKeys.revoke', id, row.organisationId === actor.organisationId);
  return toDto((await revokeApiKeyRow(deps.db, id, new Date())) ?? row);
}

/** The key a request sent in `x-api-key`, if it is live; refused (and audited) otherwise. */
export async function resolveApiKey(deps: Deps, meta: RequestMeta, key: string): Promise<IntegrationIdentity> {
  const row = key.startsWith(KEY_PREFIX) ? await useApiKey(deps.db, hashOf(key), new Date()) : undefined;
  if (!row) {
    await audit(deps.db, null, meta, { action: 'apiKeys.use', resourceType: 'apiKey', resourceId: null, outcome: 'denied' });
    throw new AppError('apiKeyInvalid');
  }
  return { type: 'apiKey', id: row.id, organisationId: row.organisationId };
}
