import { createHash, randomBytes } from 'node:crypto';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { auditLog, smartAuthorizationCodes, smartLaunches } from '@opencare/api/db/schema';
import { insertOrganisation } from '@opencare/api/organisations/organisations.repository';
import { insertUser } from '@opencare/api/users/users.repository';
import { ROLES } from '@opencare/schemas/roles';
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
 * record, denial and revocation are refused. Then the EHR launch (a clinician opens the app from a
 * patient's page: the launch URL's `iss` and `launch`) and a clinician's standalone launch with
 * `launch/patient` (they choose the patient on the consent page).
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
const decide = (request: Record<string, string>, token: string, allow = true, patientId?: string) =>
  t.call('POST', '/api/v1/smart-authorize/decision', { token, body: { request, allow, ...(patientId ? { patientId } : {}) } });

/** Launch, consent and allow: the URL the browser lands on at the app (code and state). */
async function allowed(scope: string, token = patient, id = clientId): Promise<Launched & { callback: URL }> {
  const launched = await launch(scope, {}, id);
  expect(launched.location.pathname).toBe('/authorize');
  const res = await decide(launched.request, token);
  expect(res.status).toBe(200);
  return { ...launched, callback: new URL(res.body.data.redirectTo) };
}

const exchange = (l: Launched & { callback: URL }, verifier = l.verifier) => oauth.authorizationCodeGrant(l.config, l.callback, { pkceCodeVerifier: verifier, expectedState: l.state });

async function registerApp(scopes: string[], launchUrl?: string) {
  const body = { name: 'Pressure Diary', redirectUris: [REDIRECT, 'https://diary.example.org/cb'], scopes, ...(launchUrl ? { launchUrl } : {}) };
  const res = await t.call('POST', '/api/v1/smart-clients/apps', { token: admin, body });
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
    expect(smart.capabilities).toEqual(expect.arrayContaining(['launch-ehr', 'context-ehr-patient']));
    expect(smart.scopes_supported).toEqual(expect.arrayContaining(['launch', 'launch/patient']));
    expect(smart.capabilities).toContain('sso-openid-connect');
    expect(smart.grant_types_supported).toContain('refresh_token');
    expect(smart.capabilities).toContain('permission-online');
    expect(smart.capabilities).not.toContain('permission-offline');
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
      choosePatient: false,
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

  it('gives staff user scopes, read through their own access, and patient scopes only for a patient', async () => {
    const physician = (await t.login('physician')).token;
    // patient/… without launch/patient: there would be no patient, so staff cannot give them.
    const launched = await launch('patient/*.read user/Observation.read user/Patient.rs');
    expect((await consent(launched.request, physician)).body.data).toMatchObject({ scopes: ['user/Observation.read', 'user/Patient.rs'], patient: null, choosePatient: false });
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

  it('gives an app with online_access a refresh token: rotated, narrowed at will, ended with the session, and a replay ends the chain', async () => {
    const appId = await registerApp(['patient/*.read', 'online_access']);
    const session = (await t.login('patient')).token;
    const first = await allowed('patient/*.read online_access offline_access', session, appId);
    const tokens = await exchange(first);
    // offline_access is not served; online_access is.
    expect(tokens.scope).toBe('patient/*.read online_access');
    expect(tokens.refresh_token).toMatch(/^ocr_/);

    const refreshed = await oauth.refreshTokenGrant(first.config, tokens.refresh_token!);
    expect(refreshed.patient).toBe(patientId);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await fhirGet(`Patient/${patientId}`, refreshed.access_token)).status).toBe(200);
    // Narrowed: fewer scopes, and without online_access no next refresh token.
    const narrowed = await oauth.refreshTokenGrant(first.config, refreshed.refresh_token!, { scope: 'patient/*.read' });
    expect(narrowed.scope).toBe('patient/*.read');
    expect(narrowed.refresh_token).toBeUndefined();
    // Widened: refused.
    const second = await exchange(await allowed('patient/*.read online_access', session, appId));
    await expect(oauth.refreshTokenGrant(first.config, second.refresh_token!, { scope: 'patient/*.read user/*.read' })).rejects.toMatchObject({ error: 'invalid_scope' });

    // A spent refresh token presented again ends its chain: every token it and its code gave.
    const third = await exchange(await allowed('patient/*.read online_access', session, appId));
    const next = await oauth.refreshTokenGrant(first.config, third.refresh_token!);
    await expect(oauth.refreshTokenGrant(first.config, third.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await fhirGet(`Patient/${patientId}`, next.access_token)).status).toBe(401);
    expect((await fhirGet(`Patient/${patientId}`, third.access_token)).status).toBe(401);
    await expect(oauth.refreshTokenGrant(first.config, next.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // Another app cannot use it, nor spend it.
    const fourth = await exchange(await allowed('patient/*.read online_access', session, appId));
    const otherConfig = await oauthClient(clientId);
    await expect(oauth.refreshTokenGrant(otherConfig, fourth.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await oauth.refreshTokenGrant(first.config, fourth.refresh_token!)).access_token).toMatch(/^ocs_/);

    // Online, not offline: signing out ends it.
    const fifth = await exchange(await allowed('patient/*.read online_access', session, appId));
    expect((await t.call('POST', '/api/v1/auth/logout', { token: session })).status).toBe(200);
    await expect(oauth.refreshTokenGrant(first.config, fifth.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // Without online_access among the app's allowed scopes, no refresh token.
    expect((await exchange(await allowed('patient/*.read online_access'))).refresh_token).toBeUndefined();
  });

  it('signs an id_token for openid and fhirUser, which openid-client verifies from OpenID discovery: who signed in, with their nonce', async () => {
    const appId = await registerApp(['patient/*.read', 'user/Patient.read', 'openid', 'fhirUser']);
    const config = await oauth.discovery(new URL(fhirBase()), appId, undefined, oauth.None(), { execute: [oauth.allowInsecureRequests] });
    expect(config.serverMetadata()).toMatchObject({ issuer: fhirBase(), id_token_signing_alg_values_supported: ['RS256'] });
    const signIn = async (scope: string, token: string) => {
      const verifier = oauth.randomPKCECodeVerifier();
      const state = oauth.randomState();
      const nonce = oauth.randomNonce();
      const url = oauth.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope,
        state,
        nonce,
        aud: fhirBase(),
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const location = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!, t.url);
      const request = Object.fromEntries(location.searchParams);
      const callback = new URL((await decide(request, token)).body.data.redirectTo);
      return { callback, verifier, state, nonce };
    };

    const patientSignIn = await signIn('openid fhirUser patient/Patient.read', patient);
    // The library checks the signature (the server's published keys), issuer, audience, expiry and nonce.
    const tokens = await oauth.authorizationCodeGrant(config, patientSignIn.callback, { pkceCodeVerifier: patientSignIn.verifier, expectedState: patientSignIn.state, expectedNonce: patientSignIn.nonce });
    expect(tokens.scope).toBe('openid fhirUser patient/Patient.read');
    expect(tokens.claims()).toMatchObject({ iss: fhirBase(), sub: patientId, aud: appId, nonce: patientSignIn.nonce, fhirUser: `${fhirBase()}/Patient/${patientId}` });
    // The fhirUser is the record the token reads.
    expect((await fetch(tokens.claims()!.fhirUser as string, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);

    // Someone else's nonce: the library refuses the answer.
    const replayed = await signIn('openid patient/Patient.read', patient);
    await expect(oauth.authorizationCodeGrant(config, replayed.callback, { pkceCodeVerifier: replayed.verifier, expectedState: replayed.state, expectedNonce: oauth.randomNonce() })).rejects.toThrow();

    // A physician's fhirUser is their Practitioner; without fhirUser, no such claim.
    const physician = (await t.login('physician')).token;
    const physicianId = (await t.call('GET', '/api/v1/profile', { token: physician })).body.data.accountId;
    const staff = await signIn('openid fhirUser user/Patient.read', physician);
    const staffTokens = await oauth.authorizationCodeGrant(config, staff.callback, { pkceCodeVerifier: staff.verifier, expectedState: staff.state, expectedNonce: staff.nonce });
    expect(staffTokens.claims()).toMatchObject({ sub: physicianId, fhirUser: `${fhirBase()}/Practitioner/${physicianId}` });
    const plain = await signIn('openid user/Patient.read', physician);
    const plainTokens = await oauth.authorizationCodeGrant(config, plain.callback, { pkceCodeVerifier: plain.verifier, expectedState: plain.state, expectedNonce: plain.nonce });
    expect(plainTokens.claims()).not.toHaveProperty('fhirUser');

    // The keys are published, and each id_token names one of them.
    const jwks = (await (await fetch(`${fhirBase()}/.well-known/jwks.json`)).json()) as Json;
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString());
    expect(jwks.keys.map((key: Json) => key.kid)).toContain(header.kid);
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

describe('SMART EHR launch, and a clinician choosing the patient', () => {
  const LAUNCH_URL = 'http://localhost:7777/smart/launch';
  let physician: string;
  let ehrAppId: string;

  /** The app, opened with `iss` and `launch`: discovers the server from `iss` and asks to be authorized with the launch. */
  async function appOpened(launchUrl: string, scope: string) {
    const opened = new URL(launchUrl);
    const iss = opened.searchParams.get('iss')!;
    expect(iss).toBe(fhirBase());
    return launch(scope, { launch: opened.searchParams.get('launch')!, aud: iss }, ehrAppId);
  }
  const openInApp = (token: string, patient = patientId, app = ehrAppId) => t.call('POST', `/api/v1/patients/${patient}/smart-launch`, { token, body: { clientId: app } });

  beforeAll(async () => {
    physician = (await t.login('physician')).token;
    ehrAppId = await registerApp(['launch/patient', 'patient/*.read', 'user/Patient.read'], LAUNCH_URL);
  });

  it('opens an app from a patient’s page: the token’s patient context is that patient, within the clinician’s access', async () => {
    const listed = await t.call('GET', '/api/v1/smart-apps', { token: physician });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual({ id: ehrAppId, name: 'Pressure Diary', launchOrigin: 'http://localhost:7777' });
    // An app without a launch URL cannot be opened from a patient's page.
    expect(listed.body.data.map((app: Json) => app.id)).not.toContain(clientId);

    const opened = await openInApp(physician);
    expect(opened.status).toBe(200);
    const launchUrl = new URL(opened.body.data.url);
    expect(`${launchUrl.origin}${launchUrl.pathname}`).toBe(LAUNCH_URL);
    const launched = await appOpened(opened.body.data.url, 'launch patient/*.read openid');
    const shown = await consent(launched.request, physician);
    expect(shown.body.data).toEqual({
      clientName: 'Pressure Diary',
      redirectOrigin: 'http://localhost:7777',
      scopes: ['launch', 'patient/*.read'],
      patient: { id: patientId, name: 'Pat Morgan' },
      choosePatient: false,
    });
    const callback = new URL((await decide(launched.request, physician)).body.data.redirectTo);
    const tokens = await exchange({ ...launched, callback });
    expect(tokens.patient).toBe(patientId);
    expect(tokens.scope).toBe('launch patient/*.read');

    expect((await fhirGet(`Patient/${patientId}`, tokens.access_token)).status).toBe(200);
    expect((await fhirGet(`Observation?patient=${patientId}&_count=1`, tokens.access_token)).status).toBe(200);
    // The physician may read the other patient, but the app was opened for this one.
    expect((await fhirGet(`Observation?patient=${otherPatientId}&_count=1`, tokens.access_token)).status).toBe(403);
    expect((await fhirGet(`Patient/${otherPatientId}`, tokens.access_token)).status).toBe(403);
    const found = (await (await fhirGet('Patient', tokens.access_token)).json()) as Json;
    expect(found.entry.map((e: Json) => e.resource.id)).toEqual([patientId]);

    const physicianId = (await t.call('GET', '/api/v1/profile', { token: physician })).body.data.accountId;
    const audited = await db().select().from(auditLog).where(and(eq(auditLog.action, 'smart.launch'), eq(auditLog.resourceId, patientId)));
    expect(audited.map((row) => [row.actorAccountId, row.outcome])).toContainEqual([physicianId, 'allowed']);
  });

  it('holds a launch to its app, its clinician’s session and five minutes', async () => {
    const opened = (await openInApp(physician)).body.data.url as string;
    // Another clinician (or the same person signed in elsewhere) cannot use it.
    const nurse = (await t.login('nurse')).token;
    const stolen = await appOpened(opened, 'launch patient/*.read');
    expect((await consent(stolen.request, nurse)).body.key).toBe('smartAuthorizeInvalid');
    const refused = new URL((await decide(stolen.request, nurse)).body.data.redirectTo);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('code')).toBeNull();
    const sameUserOtherSession = (await t.login('physician')).token;
    expect((await consent(stolen.request, sameUserOtherSession)).body.key).toBe('smartAuthorizeInvalid');

    // Another app presenting it.
    const otherApp = await registerApp(['patient/*.read'], LAUNCH_URL);
    const foreign = await launch('launch patient/*.read', { launch: new URL(opened).searchParams.get('launch')! }, otherApp);
    expect((await consent(foreign.request, physician)).body.key).toBe('smartAuthorizeInvalid');

    // Expired.
    const late = await appOpened((await openInApp(physician)).body.data.url, 'launch patient/*.read');
    await db().update(smartLaunches).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smartLaunches.launchHash, createHash('sha256').update(late.request.launch!).digest('hex')));
    expect((await consent(late.request, physician)).body.key).toBe('smartAuthorizeInvalid');

    // The launch scope without a launch value: back to the app.
    const bare = await launch('launch patient/*.read', {}, ehrAppId);
    expect(`${bare.location.origin}${bare.location.pathname}`).toBe(REDIRECT);
    expect(bare.location.searchParams.get('error')).toBe('invalid_request');
  });

  it('lets only clinicians open apps, only their organisation’s, and only apps with a launch URL', async () => {
    expect((await openInApp(patient)).status).toBe(403);
    expect((await t.call('GET', '/api/v1/smart-apps', { token: patient })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/smart-apps', { token: admin })).status).toBe(403);
    // No launch URL, or no such app.
    expect((await openInApp(physician, patientId, clientId)).status).toBe(404);
    expect((await openInApp(physician, patientId, crypto.randomUUID())).status).toBe(404);
    // A revoked app is neither listed nor opened.
    const revoked = await registerApp(['patient/*.read'], LAUNCH_URL);
    await t.call('PATCH', `/api/v1/smart-clients/${revoked}/revoke`, { token: admin });
    expect((await t.call('GET', '/api/v1/smart-apps', { token: physician })).body.data.map((app: Json) => app.id)).not.toContain(revoked);
    expect((await openInApp(physician, patientId, revoked)).status).toBe(404);
    // A launch URL must be an https address (http only on this machine).
    const bad = await t.call('POST', '/api/v1/smart-clients/apps', { token: admin, body: { name: 'Bad', redirectUris: [REDIRECT], scopes: ['patient/*.read'], launchUrl: 'http://apps.example.org/launch' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Json) => e.field)).toContain('launchUrl');
  });

  it('has a clinician choose the patient for launch/patient, among the patients they may see', async () => {
    const launched = await launch('launch/patient patient/Observation.read', {}, ehrAppId);
    const shown = await consent(launched.request, physician);
    expect(shown.body.data).toMatchObject({ scopes: ['launch/patient', 'patient/Observation.read'], patient: null, choosePatient: true });

    const unchosen = await decide(launched.request, physician);
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.errors).toEqual([{ field: 'patientId', message: 'Choose the patient this app may read.' }]);

    // A patient of another organisation: not found, and no code.
    const elsewhere = await insertOrganisation(db(), `Elsewhere ${randomBytes(3).toString('hex')}`);
    const userId = await insertUser(db(), { username: `far${randomBytes(3).toString('hex')}`, email: `far${randomBytes(3).toString('hex')}@elsewhere.example.org`, passwordHash: 'x', isVerified: true });
    const farPatient = await insertAccount(db(), { userId, organisationId: elsewhere, accountType: 'pat', isDefault: true }, { firstName: 'Far', lastName: 'Away' }, [ROLES.Patient]);
    expect((await decide(launched.request, physician, true, farPatient)).status).toBe(404);
    expect(await db().select().from(smartAuthorizationCodes).where(eq(smartAuthorizationCodes.clientId, ehrAppId))).toHaveLength(1);

    const callback = new URL((await decide(launched.request, physician, true, otherPatientId)).body.data.redirectTo);
    const tokens = await exchange({ ...launched, callback });
    expect(tokens.patient).toBe(otherPatientId);
    expect((await fhirGet(`Observation?patient=${otherPatientId}&_count=1`, tokens.access_token)).status).toBe(200);
    expect((await fhirGet(`Observation?patient=${patientId}&_count=1`, tokens.access_token)).status).toBe(403);
  });
});
