import { z } from 'zod';
import { text } from '../rules';

/**
 * SMART on FHIR backend services (issue 21): an EHR or other system registered by an admin with its
 * public keys. It asks the token endpoint for a short-lived token with a JWT it signs with its
 * private key (client credentials, RFC 7523) and reads FHIR with that token, within the scopes the
 * admin allowed.
 */

/** The FHIR resources a system scope can name; `*` is all of them. */
export const SMART_RESOURCES = ['Patient', 'Observation', 'Device', 'Provenance', 'Practitioner', 'Appointment', 'Encounter', 'Communication', 'Flag'] as const;
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
  /** `backend` (client credentials with keys) or `app` (authorization code with PKCE, for a signed-in person). */
  kind: z.enum(['backend', 'app']),
  /** An app's redirect URIs (none for a backend client). */
  redirectUris: z.array(z.string()),
  /** An app's launch URL: where a clinician's "Open in app" sends the browser (EHR launch); null without one. */
  launchUrl: z.string().nullable(),
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
  // authorization_code (an app): the code, where it was sent, the PKCE verifier and the (public) client.
  code: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  code_verifier: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  // refresh_token (an app with online_access).
  refresh_token: z.string().max(200).optional(),
  client_assertion_type: z.string().max(200).optional(),
  client_assertion: z.string().max(16_000).optional(),
});
export type SmartTokenRequest = z.infer<typeof smartTokenRequestSchema>;

export const smartTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
  /** An app's patient context (SMART `launch/patient`, or `patient/…` scopes): the patient's id. */
  patient: z.string().optional(),
  /** An app given `online_access`: spent by its one use for the next token, and good while the person's session lasts. */
  refresh_token: z.string().optional(),
  /** An app given `openid`: who signed in (`sub`, and with `fhirUser` their FHIR resource), signed RS256. */
  id_token: z.string().optional(),
});
export type SmartTokenResponse = z.infer<typeof smartTokenResponseSchema>;

/**
 * SMART App Launch (issue 21): a public app (no secret, no keys) acting for a signed-in person, with
 * the authorization code flow and PKCE (S256). An admin registers it with its exact redirect URIs
 * and the read scopes it may ask for: `patient/…` scopes are given to patients, for their own record
 * (the patient context is themselves); `user/…` scopes to staff, for what they may see anyway.
 * Staff give `patient/…` scopes for one patient of theirs: the one they opened the app from (EHR
 * launch: `launch`, with the app's launch URL), or the one they choose on the consent page
 * (standalone launch with `launch/patient`).
 */
export const SMART_APP_SCOPES = [
  'launch/patient',
  'online_access',
  'openid',
  'fhirUser',
  'patient/*.read',
  ...SMART_RESOURCES.map((type) => `patient/${type}.read` as const),
  'user/*.read',
  ...SMART_RESOURCES.map((type) => `user/${type}.read` as const),
] as const;
export type SmartAppScope = (typeof SMART_APP_SCOPES)[number];

/** A redirect URI: https, or http on this machine only (an app in development), without a fragment. */
const redirectUriSchema = z
  .string()
  .trim()
  .max(500, 'At most 500 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
      return (url.protocol === 'https:' || (url.protocol === 'http:' && local)) && url.hash === '';
    } catch {
      return false;
    }
  }, 'Each redirect URI must be an https address (http only for localhost), without a #fragment.');

export const createSmartAppInputSchema = z.strictObject({
  name: text('Name', 100),
  redirectUris: z.array(redirectUriSchema).min(1, 'Add at least one redirect URI.').max(10, 'At most 10 redirect URIs.'),
  /** Where an EHR launch sends the browser; the same rules as a redirect URI. Empty: the app is launched on its own only. */
  launchUrl: z.union([z.literal(''), redirectUriSchema]).optional(),
  scopes: z
    .array(z.enum(SMART_APP_SCOPES, { error: 'Choose scopes from the list.' }))
    .min(1, 'Allow at least one scope.')
    .max(SMART_APP_SCOPES.length),
});
export type CreateSmartAppInput = z.infer<typeof createSmartAppInputSchema>;

/** The parameters of an authorization request (`[base]/auth/authorize`), as the app sent them; checked by the server. */
export const smartAuthorizeRequestSchema = z.looseObject({
  response_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  scope: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  aud: z.string().max(2000).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  /** An EHR launch's context, as the launch URL gave it to the app. */
  launch: z.string().max(200).optional(),
  /** OpenID Connect: returned in the id_token. */
  nonce: z.string().max(200).optional(),
});
export type SmartAuthorizeRequest = z.infer<typeof smartAuthorizeRequestSchema>;

/** What the consent page shows: the app, the scopes this person may give it, and whose record. */
export const smartConsentSchema = z.object({
  clientName: z.string(),
  /** Where the answer goes (the redirect URI's origin), so the person knows who receives it. */
  redirectOrigin: z.string(),
  scopes: z.array(z.string()),
  /** The patient whose record `patient/…` scopes reach (the person themself, or the patient a clinician opened the app from), or null. */
  patient: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** A clinician's standalone launch asking `launch/patient`: they choose the patient on this page. */
  choosePatient: z.boolean(),
});
export type SmartConsent = z.infer<typeof smartConsentSchema>;

export const smartDecisionInputSchema = z.strictObject({
  request: smartAuthorizeRequestSchema,
  allow: z.boolean(),
  /** The patient a clinician chose (when the consent said `choosePatient`). */
  patientId: z.uuid().optional(),
});
export type SmartDecisionInput = z.infer<typeof smartDecisionInputSchema>;

/** Where the browser goes next: the app's redirect URI with `code` and `state`, or with `error=access_denied`. */
export const smartDecisionSchema = z.object({ redirectTo: z.string() });

/** An app a clinician can open from a patient's page (it has a launch URL and may be given `patient/…` scopes). */
export const launchableAppSchema = z.object({ id: z.uuid(), name: z.string(), launchOrigin: z.string() });
export type LaunchableApp = z.infer<typeof launchableAppSchema>;

export const smartLaunchInputSchema = z.strictObject({ clientId: z.uuid(), patientId: z.uuid() });
export type SmartLaunchInput = z.infer<typeof smartLaunchInputSchema>;

/** Where the browser goes to open the app: its launch URL with `iss` (this FHIR server) and `launch` (the context, for five minutes). */
export const smartLaunchSchema = z.object({ url: z.string() });
