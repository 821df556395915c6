import { SMART_APP_SCOPES, SMART_RESOURCES, SMART_SIGNING_ALGORITHMS, SMART_SYSTEM_SCOPES } from '@opencare/schemas/entities/smart-clients';
import { z } from 'zod';
import type { Deps } from '../deps';

/** The token endpoint, under the FHIR base it serves. */
export const SMART_TOKEN_PATH = '/auth/token';

/** The authorization endpoint (SMART App Launch), under the FHIR base it serves. */
export const SMART_AUTHORIZE_ENDPOINT_PATH = '/auth/authorize';

/**
 * `[base]/.well-known/smart-configuration` (SMART App Launch 2.x): how a client gets a token here —
 * backend services (client credentials authenticated by a JWT signed with a registered asymmetric
 * key, system read scopes) and public apps launched on their own or from a patient's page
 * (authorization code with PKCE S256, patient and user read scopes, the patient context: a patient
 * themself, the patient launched from, or one a clinician chooses). Scopes in v1 (`.read`) or v2
 * (`.rs`); refresh tokens for `online_access`. Not offered, so not advertised: OpenID Connect,
 * `offline_access`, writes.
 */
export function smartConfiguration(deps: Deps, base: string): z.infer<typeof smartConfigurationSchema> {
  const fhirBase = `${deps.config.publicUrl}${base}`;
  return {
    issuer: fhirBase,
    authorization_endpoint: `${fhirBase}${SMART_AUTHORIZE_ENDPOINT_PATH}`,
    token_endpoint: `${fhirBase}${SMART_TOKEN_PATH}`,
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
  token_endpoint_auth_methods_supported: z.array(z.string()),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});
