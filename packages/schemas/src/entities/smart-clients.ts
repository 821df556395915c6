import { z } from 'zod';
import { text } from '../rules';

/**
 * SMART on FHIR backend services (issue 21): an EHR or other system registered by an admin with its
 * public keys. It asks the token endpoint for a short-lived token with a JWT it signs with its
 * private key (client credentials, RFC 7523) and reads FHIR with that token, within the scopes the
 * admin allowed.
 */

/** The FHIR resources a system scope can name; `*` is all of them. */
export const SMART_RESOURCES = ['Patient', 'Observation', 'Device', 'Provenance', 'Practitioner', 'Appointment', 'Encounter'] as const;
export type SmartResource = (typeof SMART_RESOURCES)[number];

/** What an admin may allow: read all resources, or read one resource type. */
export const SMART_SYSTEM_SCOPES = ['system/*.read', ...SMART_RESOURCES.map((type) => `system/${type}.read` as const)] as const;
export type SmartSystemScope = (typeof SMART_SYSTEM_SCOPES)[number];

/** The signing algorithms SMART backend services name (RS384 and ES384), with their 256-bit kin. */
export const SMART_SIGNING_ALGORITHMS = ['RS384', 'ES384', 'RS256', 'ES256'] as const;

const PRIVATE_PARTS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const;

/** One public key as a JWK: RSA or EC, never a private part (a leaked private key is refused, not stored). */
export const publicJwkSchema = z
  .looseObject({
    kty: z.enum(['RSA', 'EC'], { error: 'Each key must be an RSA or EC public key (kty).' }),
    kid: z.string().min(1, 'Each key needs a key id (kid).').max(200),
    alg: z.enum(SMART_SIGNING_ALGORITHMS, { error: 'alg must be RS384, ES384, RS256 or ES256.' }).optional(),
    n: z.string().max(2000).optional(),
    e: z.string().max(20).optional(),
    crv: z.enum(['P-256', 'P-384'], { error: 'crv must be P-256 or P-384.' }).optional(),
    x: z.string().max(200).optional(),
    y: z.string().max(200).optional(),
  })
  .refine((key) => PRIVATE_PARTS.every((part) => !(part in key)), 'That is a private key: register the public key only, and keep the private one secret.')
  .refine((key) => (key.kty === 'RSA' ? Boolean(key.n && key.e) : Boolean(key.crv && key.x && key.y)), 'The key is incomplete (RSA needs n and e; EC needs crv, x and y).');
export type PublicJwk = z.infer<typeof publicJwkSchema>;

export const jwksSchema = z.strictObject({
  keys: z.array(publicJwkSchema).min(1, 'Add at least one public key.').max(10, 'At most 10 keys.'),
});

export const createSmartClientInputSchema = z.strictObject({
  name: text('Name', 100),
  jwks: jwksSchema,
  scopes: z
    .array(z.enum(SMART_SYSTEM_SCOPES, { error: 'Choose scopes from the list.' }))
    .min(1, 'Allow at least one scope.')
    .max(SMART_SYSTEM_SCOPES.length),
});
export type CreateSmartClientInput = z.infer<typeof createSmartClientInputSchema>;

/** A new public key set for a client (key rotation): the old keys stop working at once. */
export const replaceSmartClientKeysInputSchema = z.strictObject({ id: z.uuid(), jwks: jwksSchema });

export const smartClientSchema = z.object({
  id: z.uuid(),
  /** What the client sends as `iss`/`sub` of its assertions. */
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  keyIds: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The last refused token request, in words, so an admin can help the integrator. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type SmartClient = z.infer<typeof smartClientSchema>;

/** The form a backend client posts to the token endpoint (RFC 6749 §4.4 with RFC 7523 client authentication). */
export const SMART_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const smartTokenRequestSchema = z.looseObject({
  grant_type: z.string().max(100),
  scope: z.string().max(2000).optional(),
  client_assertion_type: z.string().max(200).optional(),
  client_assertion: z.string().max(16_000).optional(),
});
export type SmartTokenRequest = z.infer<typeof smartTokenRequestSchema>;

export const smartTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type SmartTokenResponse = z.infer<typeof smartTokenResponseSchema>;
