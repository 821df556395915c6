import { SMART_APP_SCOPES, SMART_RESOURCES, SMART_SIGNING_ALGORITHMS, SMART_SYSTEM_SCOPES } from '@opencare/schemas/entities/smart-clients';
import { z } from 'zod';
import type { Deps } from '../deps';

/** The token endpoint, under the FHIR base it serves. */
export const SMART_TOKEN_PATH = '/auth/token';

/** The authorization endpoint (SMART App Launch), under the FHIR base it serves. */
export const SMART_AUTHORIZE_ENDPOINT_PATH = '/auth/authorize';

/** The id_tokens' public keys (smart-openid.ts), under the FHIR base. */
const JWKS_PATH = '/.well-known/jwks.json';

/**
 * `[base]/.well-known/smart-configuration` (SMART App Launch 2.x): how a client gets a token here —
 * backend services (client credentials authenticated by a JWT signed with a registered asymmetric
 * key, system read scopes) and public apps launched on their own or from a patient's page
 * (authorization code with PKCE S256, patient and user read scopes, the patient context: a patient
 * themself, the patient launched from, or one a clinician chooses). Scopes in v1 (`.read`) or v2
 * (`.rs`); refresh tokens for `online_access`; OpenID Connect id_tokens for `openid` and
 * `fhirUser`. Not offered, so not advertised: `offline_access`, writes.
 */
export function smartConfiguration(deps: Deps, base: string): z.infer<typeof smartConfigurationSchema> {
  const fhirBase = `${deps.config.publicUrl}${base}`;
  return {
    issuer: fhirBase,
    authorization_endpoint: `${fhirBase}${SMART_AUTHORIZE_ENDPOINT_PATH}`,
    token_endpoint: `${fhirBase}${SMART_TOKEN_PATH}`,
    jwks_uri: `${fhirBase}${JWKS_PATH}`,
    token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
    token_endpoint_auth_signing_alg_values_supported: [...SMART_SIGNING_ALGORITHMS],
    grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [
      ...SMART_SYSTEM_SCOPES,
      'system/*.rs',
      ...SMART_RESOURCES.map((type) => `system/${type}.rs`),
      'launch',
      ...SMART_APP_SCOPES,
      ...(['patient', 'user'] as const).flatMap((context) => [`${context}/*.rs`, ...SMART_RESOURCES.map((type) => `${context}/${type}.rs`)]),
    ],
    capabilities: [
      'client-confidential-asymmetric',
      'launch-standalone',
      'launch-ehr',
      'client-public',
      'context-standalone-patient',
      'context-ehr-patient',
      'permission-online',
      'sso-openid-connect',
      'permission-patient',
      'permission-user',
      'permission-v1',
      'permission-v2',
    ],
  };
}

export const smartConfigurationSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});

/**
 * `[base]/.well-known/openid-configuration` (OpenID Connect Discovery 1.0) for apps that ask for
 * `openid`: the same endpoints as SMART's discovery, id_tokens signed RS256, public subjects.
 */
export function openIdConfiguration(deps: Deps, base: string): z.infer<typeof openIdConfigurationSchema> {
  const smart = smartConfiguration(deps, base);
  return {
    issuer: smart.issuer,
    authorization_endpoint: smart.authorization_endpoint,
    token_endpoint: smart.token_endpoint,
    jwks_uri: smart.jwks_uri,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'fhirUser', 'online_access', 'launch', 'launch/patient'],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'fhirUser'],
  };
}

export const openIdConfigurationSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  response_types_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  subject_types_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  claims_supported: z.array(z.string()),
});
