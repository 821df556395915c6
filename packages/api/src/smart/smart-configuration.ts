import { SMART_RESOURCES, SMART_SIGNING_ALGORITHMS, SMART_SYSTEM_SCOPES } from '@opencare/schemas/entities/smart-clients';
import { z } from 'zod';
import type { Deps } from '../deps';

/** The token endpoint, under the FHIR base it serves. */
export const SMART_TOKEN_PATH = '/auth/token';

/**
 * `[base]/.well-known/smart-configuration` (SMART App Launch 2.x): how a client gets a token here —
 * backend services only: client credentials authenticated by a JWT signed with a registered
 * asymmetric key, for system read scopes (v1 `.read` or v2 `.rs`).
 */
export function smartConfiguration(deps: Deps, base: string): z.infer<typeof smartConfigurationSchema> {
  const fhirBase = `${deps.config.publicUrl}${base}`;
  return {
    issuer: fhirBase,
    token_endpoint: `${fhirBase}${SMART_TOKEN_PATH}`,
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: [...SMART_SIGNING_ALGORITHMS],
    grant_types_supported: ['client_credentials'],
    scopes_supported: [...SMART_SYSTEM_SCOPES, 'system/*.rs', ...SMART_RESOURCES.map((type) => `system/${type}.rs`)],
    capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
  };
}

export const smartConfigurationSchema = z.object({
  issuer: z.string(),
  token_endpoint: z.string(),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});
