import { webcrypto } from 'node:crypto';
import { auditLog, smartAccessTokens, smartClients } from '@opencare/api/db/schema';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * SMART on FHIR backend services (issue 21 part 2), from outside: an admin registers a client with
 * its public key; the client discovers the token endpoint at .well-known/smart-configuration, gets a
 * token with openid-client (an independent OAuth library from npm, unmodified: client credentials
 * with a private_key_jwt assertion) and reads FHIR with fhir-kit-client. Scopes, replays, wrong keys,
 * other organisations and revocation are refused, and every token request is audited.
 */

let t: TestEdge;
let admin: string;
let patientId: string;
const db = () => t.edge.deps.db;

type KeyPair = { privateKey: webcrypto.CryptoKey; jwk: Json };
async function keyPair(kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign', 'verify']);
  return { privateKey, jwk: { ...(await webcrypto.subtle.exportKey('jwk', publicKey)), kid, alg: 'ES384' } };
}

const register = (body: Json, token = admin) => t.call('POST', '/api/v1/smart-clients', { token, body });

async function discovered() {
  const res = await fetch(`${t.url}/fhir/R4/.well-known/smart-configuration`);
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

/** openid-client configured from SMART discovery, signing its assertions with the client's private key. */
async function oauthClient(clientId: string, key: KeyPair) {
  const smart = await discovered();
  const config = new oauth.Configuration({ issuer: smart.issuer, token_endpoint: smart.token_endpoint }, clientId, undefined, oauth.PrivateKeyJwt({ key: key.privateKey, kid: key.jwk.kid }));
  oauth.allowInsecureRequests(config); // the test edge listens on plain http
  return config;
}

/** A client assertion signed by hand, to send exactly what a test needs (ES384: the signature is r‖s). */
async function assertion(key: KeyPair, claims: Json) {
  const part = (value: Json) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'ES384', kid: key.jwk.kid, typ: 'JWT' })}.${part(claims)}`;
  const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-384' }, key.privateKey, Buffer.from(input));
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}
const tokenUrl = () => `${t.url}/fhir/R4/auth/token`;
const now = () => Math.floor(Date.now() / 1000);
const postToken = (form: Record<string, string>) =>
  fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
const assertionForm = (clientAssertion: string, scope = 'system/*.read') => ({
  grant_type: 'client_credentials',
  scope,
  client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  client_assertion: clientAssertion,
});

const fhir = (token: string) => new Client({ baseUrl: `${t.url}/fhir/R4`, customHeaders: { authorization: `Bearer ${token}` } });
const fhirGet = (path: string, token: string) => fetch(`${t.url}/fhir/R4/${path}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await startTestEdge();
  // Endpoints are absolute, under the public address; a test edge learns its port only once listening.
  Object.assign(t.edge.deps.config, { publicUrl: t.url });
  admin = (await t.login('admin')).token;
  patientId = (await t.call('GET', '/api/v1/profile', { token: (await t.login('patient')).token })).body.data.accountId;
});
afterAll(() => t.close());

describe('SMART backend services', () => {
  it('are discoverable from the CapabilityStatement and .well-known/smart-configuration', async () => {
    const smart = await discovered();
    expect(smart).toMatchObject({
      token_endpoint: tokenUrl(),
      grant_types_supported: expect.arrayContaining(['client_credentials']),
      token_endpoint_auth_methods_supported: expect.arrayContaining(['private_key_jwt']),
      capabilities: expect.arrayContaining(['client-confidential-asymmetric']),
    });
    expect(smart.token_endpoint_auth_signing_alg_values_supported).toEqual(expect.arrayContaining(['RS384', 'ES384']));
    const statement = (await (await fetch(`${t.url}/fhir/R4/metadata`)).json()) as Json;
    const security = statement.rest[0].security;
    expect(security.service[0].coding[0].code).toBe('SMART-on-FHIR');
    expect(security.extension[0].extension).toEqual(expect.arrayContaining([{ url: 'token', valueUri: tokenUrl() }]));
  });

  it('give a registered client a token with openid-client, and FHIR reads with it', async () => {
    const key = await keyPair('ehr-1');
    const created = await register({ name: 'Hospital EHR', jwks: { keys: [key.jwk] }, scopes: ['system/*.read'] });
    expect(created.status).toBe(201);
    const clientId: string = created.body.data.clientId;

    const token = await oauth.clientCredentialsGrant(await oauthClient(clientId, key), { scope: 'system/Patient.rs system/Observation.rs' });
    expect(token.token_type.toLowerCase()).toBe('bearer');
    expect(token.expires_in).toBeLessThanOrEqual(300);
    expect(token.scope).toBe('system/Patient.rs system/Observation.rs');

    const client = fhir(token.access_token);
    const found = (await client.search({ resourceType: 'Patient', searchParams: { name: 'Morgan' } })) as Json;
    expect(found.entry.map((e: Json) => e.resource.id)).toContain(patientId);
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    let page = (await client.search({ resourceType: 'Observation', searchParams: { patient: patientId, category: 'vital-signs', date: `ge${since}`, _count: 25 } })) as Json;
    const total: number = page.total;
    expect(total).toBeGreaterThan(25);
    const seen = new Set<string>();
    for (;;) {
      for (const entry of page.entry ?? []) seen.add(entry.resource.id);
      const next = client.nextPage({ bundle: page });
      if (!next) break;
      page = await next;
    }
    expect(seen.size).toBe(total);

    // Stored by hash only, for five minutes; the client's last use is shown to its admin.
    const [stored] = await db().select().from(smartAccessTokens).where(eq(smartAccessTokens.clientId, clientId));
    expect(stored!.tokenHash).not.toContain(token.access_token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    const listed = (await t.call('GET', '/api/v1/smart-clients', { token: admin })).body.data.find((c: Json) => c.id === clientId);
    expect(listed.lastUsedAt).not.toBeNull();
    const audited = await db().select().from(auditLog).where(and(eq(auditLog.resourceType, 'smartClient'), eq(auditLog.resourceId, clientId)));
    expect(audited.map((row) => `${row.action}:${row.outcome}`)).toEqual(expect.arrayContaining(['smart.token:allowed', 'fhir.patient.search:allowed', 'fhir.observation.search:allowed']));
  });

  it('grant only the scopes the admin allowed, and a token reads only what its scopes name', async () => {
    const key = await keyPair('lab-1');
    const clientId = (await register({ name: 'Lab system', jwks: { keys: [key.jwk] }, scopes: ['system/Observation.read'] })).body.data.clientId;
    const config = await oauthClient(clientId, key);
    await expect(oauth.clientCredentialsGrant(config, { scope: 'system/Patient.read' })).rejects.toMatchObject({ error: 'invalid_scope' });
    await expect(oauth.clientCredentialsGrant(config, { scope: 'system/Observation.write' })).rejects.toMatchObject({ error: 'invalid_scope' });
    const token = await oauth.clientCredentialsGrant(config, { scope: 'system/Observation.read system/Patient.read' });
    expect(token.scope).toBe('system/Observation.read');

    expect((await fhirGet(`Observation?patient=${patientId}&_count=1`, token.access_token)).status).toBe(200);
    const refused = await fhirGet(`Patient/${patientId}`, token.access_token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'forbidden' }] });
    // $everything needs Patient; the token's scopes do not name it.
    expect((await fhirGet(`Patient/${patientId}/$everything`, token.access_token)).status).toBe(403);
    // FHIR only: the rest of the API does not take a SMART token.
    expect((await t.call('GET', `/api/v1/measurements?patientId=${patientId}`, { token: token.access_token })).status).toBe(401);
  });

  it('$everything gives a client the resource types its scopes name, and no others', async () => {
    const key = await keyPair('pat-1');
    const clientId = (await register({ name: 'Registry', jwks: { keys: [key.jwk] }, scopes: ['system/Patient.read', 'system/Observation.read'] })).body.data.clientId;
    const token = await oauth.clientCredentialsGrant(await oauthClient(clientId, key), { scope: 'system/Patient.read system/Observation.read' });
    const bundle = (await (await fhirGet(`Patient/${patientId}/$everything`, token.access_token)).json()) as Json;
    const types = new Set(bundle.entry.map((e: Json) => e.resource.resourceType));
    expect([...types].sort()).toEqual(['Observation', 'Patient']);
    expect(bundle.total).toBe(bundle.entry.length);
  });

  it('refuse a replayed assertion, a wrong key, a wrong audience and a long-lived assertion, and tell the admin why', async () => {
    const key = await keyPair('ehr-2');
    const stranger = await keyPair('ehr-2');
    const clientId = (await register({ name: 'Careful EHR', jwks: { keys: [key.jwk] }, scopes: ['system/*.read'] })).body.data.clientId;
    const claims = (extra: Json = {}) => ({ iss: clientId, sub: clientId, aud: tokenUrl(), exp: now() + 240, jti: crypto.randomUUID(), ...extra });

    const once = await assertion(key, claims());
    expect((await postToken(assertionForm(once))).status).toBe(200);
    const replay = await postToken(assertionForm(once));
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'invalid_client' });

    for (const refused of [
      await assertion(stranger, claims()),
      await assertion(key, claims({ aud: 'https://elsewhere.example.org/token' })),
      await assertion(key, claims({ exp: now() + 3600 })),
      await assertion(key, claims({ exp: now() - 600 })),
      await assertion(key, claims({ sub: crypto.randomUUID() })),
    ]) {
      const res = await postToken(assertionForm(refused));
      expect(res.status).toBe(401);
      const body = (await res.json()) as Json;
      expect(body.error).toBe('invalid_client');
      expect(body.error_description).toEqual(expect.any(String));
    }
    expect(await db().$count(smartAccessTokens, eq(smartAccessTokens.clientId, clientId))).toBe(1);
    const listed = (await t.call('GET', '/api/v1/smart-clients', { token: admin })).body.data.find((c: Json) => c.id === clientId);
    expect(listed.lastError).toMatch(/^invalid_client: /);
    expect(await db().$count(auditLog, and(eq(auditLog.action, 'smart.token'), eq(auditLog.resourceId, clientId), eq(auditLog.outcome, 'denied')))).toBe(6);

    // Malformed requests get OAuth's errors, not a 500.
    expect(await (await postToken({ grant_type: 'password' })).json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect(await (await postToken({ grant_type: 'client_credentials' })).json()).toMatchObject({ error: 'invalid_request' });
    expect(await (await postToken(assertionForm('not-a-jwt'))).json()).toMatchObject({ error: 'invalid_client' });
  });

  it('keep a client to its own organisation, and stop its tokens the moment it is revoked', async () => {
    const key = await keyPair('ehr-3');
    const clientId = (await register({ name: 'Short-lived EHR', jwks: { keys: [key.jwk] }, scopes: ['system/*.read'] })).body.data.clientId;
    const token = (await oauth.clientCredentialsGrant(await oauthClient(clientId, key), { scope: 'system/*.read' })).access_token;

    const outsider = await createOutsider(db(), ROLES.Patient, 'pat');
    expect((await fhirGet(`Patient/${outsider.accountId}`, token)).status).toBe(403);
    expect((await fhirGet(`Patient/${patientId}`, token)).status).toBe(200);

    expect((await t.call('PATCH', `/api/v1/smart-clients/${clientId}/revoke`, { token: admin })).status).toBe(200);
    const after = await fhirGet(`Patient/${patientId}`, token);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'login' }] });
    await expect(oauth.clientCredentialsGrant(await oauthClient(clientId, key), { scope: 'system/*.read' })).rejects.toMatchObject({ error: 'invalid_client' });
  });

  it('rotate keys: the new key works and the old one stops', async () => {
    const oldKey = await keyPair('v1');
    const newKey = await keyPair('v2');
    const clientId = (await register({ name: 'Rotating EHR', jwks: { keys: [oldKey.jwk] }, scopes: ['system/*.read'] })).body.data.clientId;
    const res = await t.call('PUT', `/api/v1/smart-clients/${clientId}/keys`, { token: admin, body: { jwks: { keys: [newKey.jwk] } } });
    expect(res.status).toBe(200);
    expect(res.body.data.keyIds).toEqual(['v2']);
    await expect(oauth.clientCredentialsGrant(await oauthClient(clientId, oldKey), { scope: 'system/*.read' })).rejects.toMatchObject({ error: 'invalid_client' });
    expect((await oauth.clientCredentialsGrant(await oauthClient(clientId, newKey), { scope: 'system/*.read' })).access_token).toMatch(/^ocs_/);
  });

  it('are registered by admins only, with public keys only, and field errors for the rest', async () => {
    const key = await keyPair('k');
    const before = await db().$count(smartClients);
    const physician = (await t.login('physician')).token;
    expect((await register({ name: 'Sneaky', jwks: { keys: [key.jwk] }, scopes: ['system/*.read'] }, physician)).status).toBe(403);

    const privateJwk = { ...(await webcrypto.subtle.exportKey('jwk', key.privateKey)), kid: 'oops' };
    const leaked = await register({ name: 'Leaky', jwks: { keys: [privateJwk] }, scopes: ['system/*.read'] });
    expect(leaked.status).toBe(400);
    expect(JSON.stringify(leaked.body.errors)).toContain('private key');
    const bad = await register({ name: '', jwks: { keys: [] }, scopes: ['system/*.write'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Json) => e.field).sort()).toEqual(['jwks.keys', 'name', 'scopes.0']);
    expect(await db().$count(smartClients)).toBe(before);
  });
});
