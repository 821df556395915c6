import { createHash, randomBytes } from 'node:crypto';
import {
  SMART_ASSERTION_TYPE,
  SMART_SIGNING_ALGORITHMS,
  smartTokenRequestSchema,
  type CreateSmartAppInput,
  type CreateSmartClientInput,
  type PublicJwk,
  type SmartClient,
  type SmartTokenResponse,
} from '@opencare/schemas/entities/smart-clients';
import { uuidSchema } from '@opencare/schemas/rules';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { actorOfSession } from '../auth/session-actor';
import { adminCheckOf, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { IntegrationIdentity, SmartUserGrant } from '../api-keys/integration-reader';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { findLiveSmartToken, findSmartClient, insertSmartClient, insertSmartToken, listSmartClients as listRows, updateSmartClient, type SmartClientRow } from './smart-clients.repository';

/** How long a backend token lives: SMART recommends five minutes at most. */
export const SMART_TOKEN_SECONDS = 300;
/** An assertion may not claim to live longer than this (SMART backend services: five minutes). */
const ASSERTION_MAX_SECONDS = 300;
/** Clock difference tolerated between the client and us. */
const CLOCK_SKEW_SECONDS = 60;
export const TOKEN_PREFIX = 'ocs_';
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A SMART backend token in `Authorization: Bearer` (a person's token is a JWT, never this). */
export const isSmartToken = (token: string | undefined): token is string => Boolean(token?.startsWith(TOKEN_PREFIX));

const toDto = (row: SmartClientRow): SmartClient => ({
  id: row.id,
  kind: row.kind,
  redirectUris: row.redirectUris,
  launchUrl: row.launchUrl,
  clientId: row.id,
  name: row.name,
  scopes: row.scopes,
  keyIds: row.jwks.keys.map((key) => String(key.kid)),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastError: row.lastError,
  lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const adminOf = adminCheckOf('smartClient');

/** A client of the admin's own organisation, or not found (audited). */
async function ownClient(deps: Deps, actor: Actor, meta: RequestMeta, action: string, id: string): Promise<SmartClientRow> {
  requireRouteRole(actor, 'admin');
  const row = await findSmartClient(deps.db, id);
  if (!row) throw new AppError('notFound');
  await adminOf(deps, actor, meta, action, id, row.organisationId === actor.organisationId);
  return row;
}

export async function listSmartClients(deps: Deps, actor: Actor, meta: RequestMeta): Promise<SmartClient[]> {
  await adminOf(deps, actor, meta, 'smartClients.list', null);
  return (await listRows(deps.db, actor.organisationId)).map(toDto);
}

/** Register a SMART app (public: no secret, no keys): its exact redirect URIs and the read scopes it may ask for. */
export async function createSmartApp(deps: Deps, actor: Actor, meta: RequestMeta, input: CreateSmartAppInput): Promise<SmartClient> {
  requireRouteRole(actor, 'admin');
  const row = await insertSmartClient(deps.db, {
    organisationId: actor.organisationId,
    kind: 'app',
    name: input.name,
    jwks: { keys: [] },
    redirectUris: [...new Set(input.redirectUris)],
    launchUrl: input.launchUrl || null,
    scopes: input.scopes,
    createdByAccountId: actor.accountId,
  });
  await adminOf(deps, actor, meta, 'smartClients.createApp', row.id);
  return toDto(row);
}

export async function createSmartClient(deps: Deps, actor: Actor, meta: RequestMeta, input: CreateSmartClientInput): Promise<SmartClient> {
  requireRouteRole(actor, 'admin');
  const row = await insertSmartClient(deps.db, {
    organisationId: actor.organisationId,
    name: input.name,
    jwks: input.jwks,
    scopes: input.scopes,
    createdByAccountId: actor.accountId,
  });
  await adminOf(deps, actor, meta, 'smartClients.create', row.id);
  return toDto(row);
}

/** Key rotation: the new set replaces the old at once. */
export async function replaceSmartClientKeys(deps: Deps, actor: Actor, meta: RequestMeta, id: string, jwks: { keys: PublicJwk[] }): Promise<SmartClient> {
  const row = await ownClient(deps, actor, meta, 'smartClients.keys', id);
  if (row.revokedAt) throw new AppError('smartClientRevoked');
  // An app is public: it has no keys to replace.
  if (row.kind !== 'backend') throw new AppError('notFound');
  return toDto((await updateSmartClient(deps.db, id, { jwks })) ?? row);
}

/** Revoked for good: its tokens stop working on the next request, on every edge. */
export async function revokeSmartClient(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<SmartClient> {
  const row = await ownClient(deps, actor, meta, 'smartClients.revoke', id);
  if (row.revokedAt) return toDto(row);
  return toDto((await updateSmartClient(deps.db, id, { revokedAt: new Date() })) ?? row);
}

/** A refusal at the token endpoint, in OAuth's words (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
  /** The catalogue's key for it (its status is OAuth's: 401 for the client, 400 otherwise). */
  get key() {
    return this.error === 'invalid_client' ? 'smartClientInvalid' : this.error === 'invalid_scope' ? 'smartScopeRefused' : 'smartTokenRequestInvalid';
  }
}

/** The v2 letters (`rs`) or v1 words (`read`) of a scope that allow reading; `*` or writes are never granted. */
const READ_ACCESS = /^(read|r|s|rs)$/;
const SYSTEM_SCOPE = /^system\/(\*|[A-Z][A-Za-z]+)\.([a-z*]+)$/;
/** A resource scope of any context: `system/`, `patient/` or `user/`. */
const RESOURCE_SCOPE = /^(system|patient|user)\/(\*|[A-Z][A-Za-z]+)\.([a-z*]+)$/;

/** The requested scopes the client's allowed ones cover (only reads). */
function grantedScopes(requested: string[], allowed: string[]): string[] {
  return requested.filter((scope) => {
    const match = SYSTEM_SCOPE.exec(scope);
    if (!match || !READ_ACCESS.test(match[2]!)) return false;
    return allowed.includes('system/*.read') || allowed.includes(`system/${match[1]}.read`);
  });
}

/**
 * Whether granted scopes allow reading (`read`) or searching (`search`) a resource type. Only the
 * contexts named count: `system/` for backend clients, `patient/` and `user/` for an app's tokens.
 */
export function scopesAllow(scopes: string[], resourceType: string, interaction: 'read' | 'search', contexts: readonly string[] = ['system']): boolean {
  const letter = interaction === 'read' ? 'r' : 's';
  return scopes.some((scope) => {
    const match = RESOURCE_SCOPE.exec(scope);
    if (!match || !contexts.includes(match[1]!) || (match[2] !== '*' && match[2] !== resourceType)) return false;
    return match[3] === 'read' || (READ_ACCESS.test(match[3]!) && match[3]!.includes(letter));
  });
}

/**
 * The token endpoint for backend services (SMART App Launch 2.x, "backend services"): a
 * client-credentials grant authenticated by a JWT the client signs with a registered key. The
 * assertion must name the client as iss and sub, this token endpoint (or the FHIR base) as aud, live
 * at most five minutes and carry a jti never used before. Every answer is audited; a refusal is also
 * kept as the client's last error.
 */
export async function issueBackendToken(deps: Deps, meta: RequestMeta, form: unknown, audiences: string[]): Promise<SmartTokenResponse> {
  const parsed = smartTokenRequestSchema.safeParse(form);
  if (!parsed.success) throw new OAuthError('invalid_request', 'Send a form (application/x-www-form-urlencoded) with grant_type, scope, client_assertion_type and client_assertion.');
  const request = parsed.data;
  if (request.grant_type !== 'client_credentials') throw new OAuthError('unsupported_grant_type', 'Only grant_type=client_credentials is served here.');
  if (request.client_assertion_type !== SMART_ASSERTION_TYPE || !request.client_assertion) {
    throw new OAuthError('invalid_request', `Authenticate with a signed JWT: client_assertion_type=${SMART_ASSERTION_TYPE} and client_assertion.`);
  }
  let claimed: string;
  try {
    claimed = String(decodeJwt(request.client_assertion).iss ?? '');
  } catch {
    throw new OAuthError('invalid_client', 'client_assertion is not a JWT.');
  }
  const found = uuidSchema.safeParse(claimed).success ? await findSmartClient(deps.db, claimed) : undefined;
  // An app has no keys: it can never sign an assertion.
  const client = found?.kind === 'backend' ? found : undefined;
  const refuse = async (error: OAuthError): Promise<never> => {
    await audit(deps.db, null, meta, { action: 'smart.token', resourceType: 'smartClient', resourceId: client?.id ?? null, outcome: 'denied' });
    if (client) await updateSmartClient(deps.db, client.id, { lastError: `${error.error}: ${error.description}`, lastErrorAt: new Date() });
    throw error;
  };
  if (!client || client.revokedAt) return refuse(new OAuthError('invalid_client', 'No such client, or it was revoked: iss must be the client id an admin registered.'));

  let claims;
  try {
    ({ payload: claims } = await jwtVerify(request.client_assertion, createLocalJWKSet(client.jwks), {
      algorithms: [...SMART_SIGNING_ALGORITHMS],
      issuer: client.id,
      subject: client.id,
      audience: audiences,
      requiredClaims: ['exp', 'jti'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    }));
  } catch (error) {
    return refuse(new OAuthError('invalid_client', `The assertion was refused: ${error instanceof Error ? error.message : 'not valid'}.`));
  }
  const now = Math.floor(Date.now() / 1000);
  if (claims.exp! > now + ASSERTION_MAX_SECONDS + CLOCK_SKEW_SECONDS) {
    return refuse(new OAuthError('invalid_client', 'The assertion may live five minutes at most (exp).'));
  }
  const requested = (request.scope ?? '').split(/\s+/).filter(Boolean);
  const scopes = grantedScopes(requested, client.scopes);
  if (scopes.length === 0) return refuse(new OAuthError('invalid_scope', `Ask for read scopes this client was allowed: ${client.scopes.join(' ')}.`));

  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const stored = await insertSmartToken(deps.db, {
    clientId: client.id,
    tokenHash: hashOf(token),
    assertionId: String(claims.jti).slice(0, 200),
    scopes,
    expiresAt: new Date(Date.now() + SMART_TOKEN_SECONDS * 1000),
  });
  if (!stored) return refuse(new OAuthError('invalid_client', 'This assertion was used before: sign a new one with a new jti.'));
  await updateSmartClient(deps.db, client.id, { lastUsedAt: new Date() });
  await audit(deps.db, null, meta, { action: 'smart.token', resourceType: 'smartClient', resourceId: client.id, outcome: 'allowed' });
  return { access_token: token, token_type: 'bearer', expires_in: SMART_TOKEN_SECONDS, scope: scopes.join(' ') };
}

/**
 * Who a SMART token acts for, if the token is live and its client not revoked; refused (and
 * audited) otherwise. A backend token acts for its client; an app's token for the person who
 * consented, while their session lasts and their account is active (smart-app.service.ts).
 */
export async function resolveSmartToken(deps: Deps, meta: RequestMeta, token: string): Promise<IntegrationIdentity | SmartUserGrant> {
  const row = await findLiveSmartToken(deps.db, hashOf(token.slice(0, 200)), new Date());
  const refuse = async (): Promise<never> => {
    await audit(deps.db, null, meta, { action: 'smart.use', resourceType: 'smartClient', resourceId: row?.clientId ?? null, outcome: 'denied' });
    throw new AppError('smartTokenInvalid');
  };
  if (!row) return refuse();
  if (!row.accountId) return { type: 'smartClient', id: row.clientId, organisationId: row.organisationId, scopes: row.scopes };
  const actor = row.sessionId ? await actorOfSession(deps, row.sessionId, row.accountId) : undefined;
  if (!actor) return refuse();
  await audit(deps.db, actor, meta, { action: 'smart.use', resourceType: 'smartClient', resourceId: row.clientId, outcome: 'allowed' });
  return { actor, clientId: row.clientId, scopes: row.scopes, patientId: row.patientId };
}
