import { createHash } from 'node:crypto';
import { auditLog, smartAuthorizationCodes } from '@opencare/api/db/schema';
import { and, eq } from 'drizzle-orm';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * SMART App Launch, standalone (issue 21 part 2), from outside: an admin registers a public app; a
 * person signs in through the real login route; the app (openid-client from npm, unmodified: its PKCE
 * helpers, authorization URL and authorization code grant) sends them to the authorize endpoint, they
 * allow it on the consent step, and the app exchanges the code and reads FHIR as that person, within
 * its scopes. Wrong verifiers, replayed or expired codes, other redirect URIs, another patient's
 * record, denial and revocation are refused.
 */

let t: TestEdge;
let admin: string;
let patient: string;
let patientId: string;
let otherPatientId: string;
let clientId: string;
const REDIRECT = 'http://localhost:7777/smart/callback';
const db = () => t.edge.deps.db;
const fhirBase = () => `${t.url}/fhir/R4`;
const fhirGet = (path: string, token: string) => fetch(`${fhirBase()}/${path}`, { headers: { authorization: `Bearer ${token}` } });

/** openid-client configured from SMART discovery, as a public client (no secret: `None`). */
async function oauthClient(id = clientId) {
  const smart = (await (await fetch(`${fhirBase()}/.well-known/smart-configuration`)).json()) as Json;
  const config = new oauth.Configuration(
    { issuer: smart.issuer, authorization_endpoint: smart.authorization_endpoint, token_endpoint: smart.token_endpoint },
    id,
    undefined,
    oauth.None(),
  );
  oauth.allowInsecureRequests(config); // the test edge listens on plain http
  return config;
}

interface Launched {
  config: oauth.Configuration;
  verifier: string;
  state: string;
  /** The consent step's query: the authorization request as the browser carries it to the web app. */
  request: Record<string, string>;
}

/** The app sends the browser to the authorize endpoint; the edge sends it on to the consent page. */
async function launch(scope: string, extra: Record<string, string> = {}, id = clientId): Promise<Launched & { location: URL }> {
  const config = await oauthClient(id);
  const verifier = oauth.randomPKCECodeVerifier();
  const state = oauth.randomState();
  const url = oauth.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    state,
    aud: fhirBase(),
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  // The consent page is the edge's own (a relative address); the app's redirect URI is absolute.
  const location = new URL(res.headers.get('location')!, t.url);
  return { config, verifier, state, request: Object.fromEntries(location.searchParams), location };
}

const consent = (request: Record<string, string>, token: string) => t.call('GET', `/api/v1/smart-authorize?${new URLSearchParams(request).toString()}`, { token });
const decide = (request: Record<string, string>, token: string, allow = true) => t.call('POST', '/api/v1/smart-authorize/decision', { token, body: { request, allow } });

/** Launch, consent and allow: the URL the browser lands on at the app (code and state). */
async function allowed(scope: string, token = patient, id = clientId): Promise<Launched & { callback: URL }> {
  const launched = await launch(scope, {}, id);
  expect(launched.location.pathname).toBe('/authorize');
  const res = await decide(launched.request, token);
  expect(res.status).toBe(200);
  return { ...launched, callback: new URL(res.body.data.redirectTo) };
}

const exchange = (l: Launched & { callback: URL }, verifier = l.verifier) => oauth.authorizationCodeGrant(l.config, l.callback, { pkceCodeVerifier: verifier, expectedState: l.state });

async function registerApp(scopes: string[]) {
  const res = await t.call('POST', '/api/v1/smart-clients/apps', { token: admin, body: { name: 'Pressure Diary', redirectUris: [REDIRECT, 'https://diary.example.org/cb'], scopes } });
  expect(res.status).toBe(201);
  return res.body.data.clientId as string;
}

beforeAll(async () => {
  t = await startTestEdge();
  // Endpoints are absolute, under the public address; a test edge learns its port only once listening.
  Object.assign(t.edge.deps.config, { publicUrl: t.url });
  admin = (await t.login('admin')).token;
  patient = (await t.login('patient')).token;
  patientId = (await t.call('GET', '/api/v1/profile', { token: patient })).body.data.accountId;
  otherPatientId = (await t.call('GET', '/api/v1/profile', { token: (await t.login('patient2')).token })).body.data.accountId;
  clientId = await registerApp(['launch/patient', 'patient/*.read', 'user/*.read']);
});
afterAll(() => t.close());

describe('SMART App Launch (standalone)', () => {
  it('is discoverable: the authorize endpoint, PKCE S256 and the app capabilities', async () => {
    const smart = (await (await fetch(`${fhirBase()}/.well-known/smart-configuration`)).json()) as Json;
    expect(smart).toMatchObject({
      authorization_endpoint: `${fhirBase()}/auth/authorize`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: expect.arrayContaining(['authorization_code', 'client_credentials']),
      token_endpoint_auth_methods_supported: expect.arrayContaining(['none']),
      capabilities: expect.arrayContaining(['launch-standalone', 'client-public', 'context-standalone-patient', 'permission-patient', 'permission-user']),
    });
    expect(smart.capabilities).not.toContain('launch-ehr');
    expect(smart.capabilities).not.toContain('sso-openid-connect');
    expect(smart.grant_types_supported).not.toContain('refresh_token');
    const statement = (await (await fetch(`${fhirBase()}/metadata`)).json()) as Json;
    expect(statement.rest[0].security.extension[0].extension).toEqual(expect.arrayContaining([{ url: 'authorize', valueUri: `${fhirBase()}/auth/authorize` }]));
  });

  it('lets a patient allow an app, which then reads their Observations with openid-client’s code and PKCE', async () => {
    const launched = await launch('launch/patient patient/Observation.rs patient/Patient.read openid fhirUser');
    expect(launched.location.origin).toBe(t.url);
    const shown = await consent(launched.request, patient);
    expect(shown.status).toBe(200);
    // openid and fhirUser are not served, so not granted.
    expect(shown.body.data).toEqual({
      clientName: 'Pressure Diary',
      redirectOrigin: 'http://localhost:7777',
      scopes: ['launch/patient', 'patient/Observation.rs', 'patient/Patient.read'],
      patient: { id: patientId, name: 'Pat Morgan' },
    });

    const decided = await decide(launched.request, patient);
    const callback = new URL(decided.body.data.redirectTo);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe(launched.state);
    const tokens = await exchange({ ...launched, callback });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBeLessThanOrEqual(300);
    expect(tokens.scope).toBe('launch/patient patient/Observation.rs patient/Patient.read');
    expect(tokens.patient).toBe(patientId);
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.id_token).toBeUndefined();

    const search = await fhirGet(`Observation?patient=${patientId}&category=vital-signs&_count=5`, tokens.access_token);
    expect(search.status).toBe(200);
    const bundle = (await search.json()) as Json;
    expect(bundle.total).toBeGreaterThan(0);
    expect(bundle.entry.every((e: Json) => e.resource.subject.reference === `Patient/${patientId}`)).toBe(true);
    expect((await fhirGet(`Patient/${patientId}`, tokens.access_token)).status).toBe(200);
    const found = (await (await fhirGet('Patient', tokens.access_token)).json()) as Json;
    expect(found.entry.map((e: Json) => e.resource.id)).toEqual([patientId]);

    // Another patient's record: refused, whatever the token's scopes.
    expect((await fhirGet(`Observation?patient=${otherPatientId}`, tokens.access_token)).status).toBe(403);
    expect((await fhirGet(`Patient/${otherPatientId}`, tokens.access_token)).status).toBe(403);
    // Outside the scopes granted (no Device scope), no bulk export, and not the rest of the API.
    expect((await fhirGet(`Device?patient=${patientId}`, tokens.access_token)).status).toBe(403);
    expect((await fhirGet('$export', tokens.access_token)).status).toBe(403);
    const subscribe = await fetch(`${fhirBase()}/Subscription`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/fhir+json' },
      body: JSON.stringify({ resourceType: 'Subscription', status: 'requested', reason: 'x', criteria: 'Observation', channel: { type: 'rest-hook', endpoint: 'https://diary.example.org/hook' } }),
    });
    expect(subscribe.status).toBe(403);
    expect((await t.call('GET', '/api/v1/profile', { token: tokens.access_token })).status).toBe(401);

    // Every step audited, with the person who allowed the app.
    const rows = await db().select().from(auditLog).where(and(eq(auditLog.resourceType, 'smartClient'), eq(auditLog.resourceId, clientId)));
    const events = rows.map((row) => `${row.action}:${row.outcome}`);
    expect(events).toEqual(expect.arrayContaining(['smart.consent:allowed', 'smart.authorize:allowed', 'smart.token:allowed', 'smart.use:allowed']));
    expect(rows.find((row) => row.action === 'smart.use')!.actorAccountId).toBe(patientId);
  });

  it('gives staff user scopes only, read through their own access', async () => {
    const physician = (await t.login('physician')).token;
    const launched = await launch('launch/patient patient/*.read user/Observation.read user/Patient.rs');
    expect((await consent(launched.request, physician)).body.data).toMatchObject({ scopes: ['user/Observation.read', 'user/Patient.rs'], patient: null });
    const callback = new URL((await decide(launched.request, physician)).body.data.redirectTo);
    const tokens = await exchange({ ...launched, callback });
    expect(tokens.scope).toBe('user/Observation.read user/Patient.rs');
    expect(tokens.patient).toBeUndefined();
    // The physician sees the organisation's patients, so the app does too; nothing more.
    expect((await fhirGet(`Observation?patient=${patientId}&_count=1`, tokens.access_token)).status).toBe(200);
    expect((await fhirGet(`Observation?patient=${otherPatientId}&_count=1`, tokens.access_token)).status).toBe(200);
    expect((await fhirGet(`Appointment?patient=${patientId}`, tokens.access_token)).status).toBe(403);
  });

  it('refuses a wrong verifier, a replayed code (ending its token), another redirect_uri and an expired code', async () => {
    const wrongVerifier = await allowed('patient/*.read');
    await expect(exchange(wrongVerifier, oauth.randomPKCECodeVerifier())).rejects.toMatchObject({ error: 'invalid_grant' });
    // The first attempt spends the code, right or wrong.
    await expect(exchange(wrongVerifier)).rejects.toMatchObject({ error: 'invalid_grant' });

    const replayed = await allowed('patient/*.read');
    const first = await exchange(replayed);
    expect((await fhirGet(`Patient/${patientId}`, first.access_token)).status).toBe(200);
    await expect(exchange(replayed)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await fhirGet(`Patient/${patientId}`, first.access_token)).status).toBe(401);

    const elsewhere = await allowed('patient/*.read');
    const moved = new URL(elsewhere.callback);
    moved.pathname = '/smart/other-callback';
    await expect(exchange({ ...elsewhere, callback: moved })).rejects.toMatchObject({ error: 'invalid_grant' });

    const expired = await allowed('patient/*.read');
    const codeHash = createHash('sha256').update(expired.callback.searchParams.get('code')!).digest('hex');
    await db().update(smartAuthorizationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smartAuthorizationCodes.codeHash, codeHash));
    await expect(exchange(expired)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('sends errors back to the app only for its own redirect URI, and refuses requests without PKCE S256', async () => {
    // Plain PKCE, no PKCE, or another server as the audience: back to the app with invalid_request and the state.
    const refusals: Record<string, string>[] = [{ code_challenge_method: 'plain' }, { code_challenge: '' }, { aud: 'https://elsewhere.example.org/fhir' }];
    for (const extra of refusals) {
      const { location, state } = await launch('patient/*.read', extra);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('state')).toBe(state);
    }
    // An unregistered redirect URI or an unknown client: never redirected to; the consent page says why.
    for (const extra of [{ redirect_uri: 'https://attacker.example.org/cb' }]) {
      const { location, request } = await launch('patient/*.read', extra);
      expect(location.origin).toBe(t.url);
      expect(location.pathname).toBe('/authorize');
      expect(await consent(request, patient)).toMatchObject({ status: 400, body: { key: 'smartAppUnknown' } });
      expect((await decide(request, patient)).status).toBe(400);
    }
    const unknown = await launch('patient/*.read', {}, crypto.randomUUID());
    expect(unknown.location.pathname).toBe('/authorize');
    expect((await consent(unknown.request, patient)).body.key).toBe('smartAppUnknown');

    // Denied: access_denied at the app, and no code.
    const launched = await launch('patient/*.read');
    const denied = new URL((await decide(launched.request, patient, false)).body.data.redirectTo);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe(launched.state);
    expect(denied.searchParams.get('code')).toBeNull();

    // Nothing this person may give (a patient asked for user scopes only).
    const userOnly = await launch('user/*.read');
    expect((await consent(userOnly.request, patient)).body.key).toBe('smartScopeRefused');
    expect(new URL((await decide(userOnly.request, patient)).body.data.redirectTo).searchParams.get('error')).toBe('invalid_scope');
    // The consent step needs a signed-in person.
    expect((await consent(launched.request, '')).status).toBe(401);
  });

  it('stops an app’s tokens when it is revoked, and when the person signs out', async () => {
    const appId = await registerApp(['patient/*.read']);
    const before = await allowed('patient/*.read', patient, appId);
    const pending = await allowed('patient/*.read', patient, appId);
    const tokens = await exchange(before);
    expect((await fhirGet(`Patient/${patientId}`, tokens.access_token)).status).toBe(200);
    expect((await t.call('PATCH', `/api/v1/smart-clients/${appId}/revoke`, { token: admin })).status).toBe(200);
    expect((await fhirGet(`Patient/${patientId}`, tokens.access_token)).status).toBe(401);
    await expect(exchange(pending)).rejects.toMatchObject({ error: 'invalid_client' });
    const after = await launch('patient/*.read', {}, appId);
    expect(after.location.pathname).toBe('/authorize');
    expect((await consent(after.request, patient)).body.key).toBe('smartAppUnknown');

    const session = (await t.login('patient')).token;
    const mine = await exchange(await allowed('patient/*.read', session));
    expect((await fhirGet(`Patient/${patientId}`, mine.access_token)).status).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/logout', { token: session })).status).toBe(200);
    expect((await fhirGet(`Patient/${patientId}`, mine.access_token)).status).toBe(401);
  });

  it('keeps an app away from backend grants and keys', async () => {
    const res = await fetch(`${fhirBase()}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    expect((await t.call('PUT', `/api/v1/smart-clients/${clientId}/keys`, { token: admin, body: { jwks: { keys: [{ kty: 'EC', kid: 'k', crv: 'P-256', x: 'x', y: 'y' }] } } })).status).toBe(404);
    const listed = (await t.call('GET', '/api/v1/smart-clients', { token: admin })).body.data.find((c: Json) => c.id === clientId);
    expect(listed).toMatchObject({ kind: 'app', redirectUris: [REDIRECT, 'https://diary.example.org/cb'], keyIds: [] });
  });
});
