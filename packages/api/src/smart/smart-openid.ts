import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, SignJWT } from 'jose';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { openSecret, sealSecret } from '../auth/totp';
import { smartSigningKeys } from '../db/schema';
import type { Deps } from '../deps';

/**
 * OpenID Connect for SMART apps (`openid`, `fhirUser`): an id_token beside the access token, signed
 * RS256 with a key of this installation, saying who signed in (`sub`) and, with `fhirUser`, their
 * FHIR resource (a patient's Patient, a clinician's Practitioner). Discovery at
 * `[base]/.well-known/openid-configuration`, the public keys at `[base]/.well-known/jwks.json`.
 */

/** id_tokens live as long as the access token they come with. */
const ID_TOKEN_SECONDS = 300;
export const SMART_JWKS_PATH = '/.well-known/jwks.json';

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}
/** The signing key each edge has read or made, so a token answer does not read it again. */
const cached = new WeakMap<Deps['db'], SigningKey>();

/**
 * The newest key this installation can open; made (and stored) when there is none, or when the
 * stored ones were sealed under another secret (JWT_SECRET rotated). Edges starting together may
 * each make one: both are published, so either verifies.
 */
async function signingKey(deps: Deps): Promise<SigningKey> {
  const known = cached.get(deps.db);
  if (known) return known;
  const [row] = await deps.db.select().from(smartSigningKeys).orderBy(desc(smartSigningKeys.createdAt)).limit(1);
  const opened = row ? openSecret(deps.config.jwtSecret, row.privateSealed) : null;
  let key: SigningKey;
  if (row && opened) {
    key = { kid: row.kid, privateKey: createPrivateKey({ key: Buffer.from(opened), format: 'der', type: 'pkcs8' }) };
  } else {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicJwk = pair.publicKey.export({ format: 'jwk' }) as Record<string, string>;
    const kid = await calculateJwkThumbprint({ kty: 'RSA', n: publicJwk.n, e: publicJwk.e });
    const der = pair.privateKey.export({ format: 'der', type: 'pkcs8' });
    await deps.db.insert(smartSigningKeys).values({ kid, publicJwk: { kty: 'RSA', n: publicJwk.n!, e: publicJwk.e! }, privateSealed: sealSecret(deps.config.jwtSecret, der) });
    key = { kid, privateKey: pair.privateKey };
  }
  cached.set(deps.db, key);
  return key;
}

export const smartJwksSchema = z.object({ keys: z.array(z.record(z.string(), z.string())) });

/** `[base]/.well-known/jwks.json`: every key id_tokens were signed with (old ones too, for tokens still in hand). */
export async function smartJwks(deps: Deps): Promise<{ keys: Record<string, string>[] }> {
  await signingKey(deps);
  const rows = await deps.db.select({ kid: smartSigningKeys.kid, publicJwk: smartSigningKeys.publicJwk }).from(smartSigningKeys).orderBy(desc(smartSigningKeys.createdAt));
  return { keys: rows.map((row) => ({ ...row.publicJwk, kid: row.kid, alg: 'RS256', use: 'sig' })) };
}

/** The person's own FHIR resource, when there is one: a patient's Patient, a clinician's Practitioner. */
function fhirUserOf(actor: Actor, issuer: string): string | undefined {
  if (actor.accountType === 'pat') return `${issuer}/Patient/${actor.accountId}`;
  if (hasRouteRole(actor, 'clinician')) return `${issuer}/Practitioner/${actor.accountId}`;
  return undefined;
}

/** The id_token of an app's token answer (scopes with `openid`): `fhirUser` only when granted. */
export async function idTokenFor(deps: Deps, actor: Actor, grant: { issuer: string; clientId: string; scopes: string[]; nonce: string | null }): Promise<string> {
  const key = await signingKey(deps);
  const fhirUser = grant.scopes.includes('fhirUser') ? fhirUserOf(actor, grant.issuer) : undefined;
  return new SignJWT({ ...(fhirUser ? { fhirUser } : {}), ...(grant.nonce ? { nonce: grant.nonce } : {}) })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(grant.issuer)
    .setSubject(actor.accountId)
    .setAudience(grant.clientId)
    .setIssuedAt()
    .setExpirationTime(`${ID_TOKEN_SECONDS}s`)
    .sign(key.privateKey);
}
