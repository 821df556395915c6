import { webcrypto } from 'node:crypto';
import { accounts, alerts, auditLog, fhirExports, measurements, messages, messageThreads } from '@opencare/api/db/schema';
import { fhirCommunicationSchema, fhirFlagSchema, fhirObservationSchema, fhirPatientSchema } from '@opencare/api/fhir/fhir-r4';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * FHIR Bulk Data export (issue 21 part 4) from outside, over real HTTP: kick-off, polling, the
 * manifest and its NDJSON files, checked against the database's own rows; who may start, poll and
 * read; a SMART backend client within its scopes; `_type` and `_since`; cancelling; and an export
 * whose edge stopped, taken over by the next poll.
 */

let t: TestEdge;
let admin: string;
let organisationId: string;
let adminAccountId: string;
const db = () => t.edge.deps.db;
const base = () => `${t.url}/fhir/R4`;

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { accept: 'application/fhir+json', ...headers } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function kickOff(path: string, headers: Record<string, string>) {
  const res = await get(`${base()}${path}`, { prefer: 'respond-async', ...headers });
  return { status: res.status, location: res.headers.get('content-location'), body: (await res.json()) as Json };
}

/** Polls as a Bulk Data client does, until the manifest (at most 30 s). */
async function manifestOf(location: string, headers: Record<string, string>): Promise<Json> {
  for (let tries = 0; tries < 150; tries += 1) {
    const res = await get(location, headers);
    if (res.status === 200) return res.json();
    expect(res.status).toBe(202);
    expect(res.headers.get('x-progress')).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the export did not finish');
}

async function linesOf(url: string, headers: Record<string, string>): Promise<Json[]> {
  const res = await fetch(url, { headers: { accept: 'application/fhir+ndjson', ...headers } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/fhir+ndjson');
  const text = await res.text();
  expect(text.endsWith('\n')).toBe(true);
  return text.trimEnd().split('\n').map((line) => JSON.parse(line));
}

beforeAll(async () => {
  t = await startTestEdge();
  Object.assign(t.edge.deps.config, { publicUrl: t.url });
  const login = await t.login('admin');
  admin = login.token;
  adminAccountId = (await t.call('GET', '/api/v1/profile', { token: admin })).body.data.accountId;
  [{ organisationId }] = (await db().select({ organisationId: accounts.organisationId }).from(accounts).where(eq(accounts.id, adminAccountId))) as [{ organisationId: string }];
});
afterAll(() => t.close());

describe('FHIR bulk export', () => {
  it("exports the organisation's patients and every reading, as the database holds them", async () => {
    const started = await kickOff('/$export', bearer(admin));
    expect(started.status).toBe(202);
    expect(started.location).toMatch(new RegExp(`^${base()}/\\$export-status/`));
    const manifest = await manifestOf(started.location!, bearer(admin));
    expect(manifest).toMatchObject({ requiresAccessToken: true, request: `${base()}/$export`, error: [] });
    const files = Object.fromEntries(manifest.output.map((file: Json) => [file.type, file]));
    expect(Object.keys(files).sort()).toEqual(expect.arrayContaining(['Observation', 'Patient']));

    const patients = await linesOf(files.Patient.url, bearer(admin));
    for (const patient of patients) fhirPatientSchema.parse(patient);
    const patientRows = await db()
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.organisationId, organisationId), eq(accounts.accountType, 'pat'), ne(accounts.status, 'pending')));
    expect(patients.map((p) => p.id).sort()).toEqual(patientRows.map((row) => row.id).sort());
    expect(files.Patient.count).toBe(patients.length);

    const observations = await linesOf(files.Observation.url, bearer(admin));
    for (const observation of observations) fhirObservationSchema.parse(observation);
    const readingRows = await db()
      .select({ id: measurements.id })
      .from(measurements)
      .innerJoin(accounts, eq(accounts.id, measurements.patientAccountId))
      .where(and(eq(accounts.organisationId, organisationId), ne(accounts.status, 'pending')));
    // Each reading is one Observation or more (a blood pressure's pulse is its own); every reading is there.
    expect(new Set(observations.map((o) => String(o.id).slice(0, 36)))).toEqual(new Set(readingRows.map((row) => row.id)));
    expect(new Set(observations.map((o) => o.id)).size).toBe(observations.length);

    // Every exported patient's record access is in the audit log, by the admin.
    const audited = await db()
      .select({ patient: auditLog.resourceId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fhir.export.item'), eq(auditLog.actorAccountId, adminAccountId)));
    expect(new Set(audited.map((row) => row.patient))).toEqual(new Set(patientRows.map((row) => row.id)));
  });

  it('lets only its admin start one, and only whoever started it poll it and read its files', async () => {
    const physician = (await t.login('physician')).token;
    expect((await kickOff('/$export', bearer(physician))).status).toBe(403);
    expect((await kickOff('/$export', {})).status).toBe(401);

    const started = await kickOff('/Patient/$export?_type=Patient', bearer(admin));
    const manifest = await manifestOf(started.location!, bearer(admin));
    expect(manifest.output.map((file: Json) => file.type)).toEqual(['Patient']);
    const otherAdmin = await createOutsider(db(), ROLES.Admin, 'prov');
    const outsider = (await t.login(otherAdmin.username)).token;
    expect((await get(started.location!, bearer(outsider))).status).toBe(404);
    expect((await fetch(manifest.output[0].url, { headers: bearer(outsider) })).status).toBe(404);
    expect((await fetch(manifest.output[0].url, { headers: bearer(physician) })).status).toBe(404);
    expect((await fetch(manifest.output[0].url)).status).toBe(401);
  });

  it('refuses what it cannot do with field errors, and nothing is started', async () => {
    const before = await db().$count(fhirExports);
    for (const query of ['_type=Practitioner', '_type=Communication', '_outputFormat=application/fhir+json', '_since=yesterday', '_elements=id']) {
      const res = await kickOff(`/Patient/$export?${query}`, bearer(admin));
      expect(res.status, query).toBe(400);
      expect(res.body.resourceType).toBe('OperationOutcome');
    }
    expect(await db().$count(fhirExports)).toBe(before);
  });

  it('takes _since: only readings stored after it', async () => {
    const cutoff = new Date().toISOString();
    const patient = await t.login('patient');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const recorded = await t.call('POST', '/api/v1/measurements', { token: patient.token, body: { type: 'bw', values: { weight: 71.5 } } });
    expect(recorded.status).toBe(201);
    const manifest = await manifestOf((await kickOff(`/$export?_type=Observation&_since=${encodeURIComponent(cutoff)}`, bearer(admin))).location!, bearer(admin));
    const observations = await linesOf(manifest.output[0].url, bearer(admin));
    expect(observations.map((o) => String(o.id).slice(0, 36))).toEqual([recorded.body.data.id]);
  });

  it('gives a SMART backend client the types its scopes allow, and refuses the others', async () => {
    const { privateKey, publicKey } = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign', 'verify']);
    const jwk = { ...(await webcrypto.subtle.exportKey('jwk', publicKey)), kid: 'bulk', alg: 'ES384' };
    const clientId = (await t.call('POST', '/api/v1/smart-clients', { token: admin, body: { name: 'Registry', jwks: { keys: [jwk] }, scopes: ['system/Observation.read'] } })).body.data.clientId;
    const smart = (await (await fetch(`${base()}/.well-known/smart-configuration`)).json()) as Json;
    const config = new oauth.Configuration({ issuer: smart.issuer, token_endpoint: smart.token_endpoint }, clientId, undefined, oauth.PrivateKeyJwt({ key: privateKey, kid: 'bulk' }));
    oauth.allowInsecureRequests(config);
    const token = (await oauth.clientCredentialsGrant(config, { scope: 'system/Observation.read' })).access_token;

    expect((await kickOff('/$export?_type=Patient', bearer(token))).status).toBe(403);
    const manifest = await manifestOf((await kickOff('/$export', bearer(token))).location!, bearer(token));
    expect(manifest.output.map((file: Json) => file.type)).toEqual(['Observation']);
    expect((await linesOf(manifest.output[0].url, bearer(token))).length).toBeGreaterThan(0);
  });

  it('exports mail metadata (Communication) and alerts (Flag) to an integration, every one the database holds, and not to an admin', async () => {
    const physician = (await t.login('physician')).token;
    const patient = (await t.login('patient')).token;
    const patientId = (await t.call('GET', '/api/v1/profile', { token: patient })).body.data.accountId;
    expect((await t.call('POST', '/api/v1/mail/threads', { token: physician, body: { patientAccountId: patientId, subject: 'Your readings', body: 'Please sit for a minute before measuring.' } })).status).toBe(201);
    expect((await t.call('POST', '/api/v1/measurements', { token: patient, body: { type: 'bp', values: { systolic: 186, diastolic: 106, pulse: 80 } } })).status).toBe(201);
    const key = (await t.call('POST', '/api/v1/api-keys', { token: admin, body: { name: 'Registry export' } })).body.data.key as string;

    const started = await kickOff('/$export?_type=Communication,Flag', { 'x-api-key': key });
    expect(started.status).toBe(202);
    const manifest = await manifestOf(started.location!, { 'x-api-key': key });
    const files = Object.fromEntries(manifest.output.map((file: Json) => [file.type, file]));
    const communications = await linesOf(files.Communication.url, { 'x-api-key': key });
    const flags = await linesOf(files.Flag.url, { 'x-api-key': key });
    for (const message of communications) fhirCommunicationSchema.parse(message);
    for (const flag of flags) fhirFlagSchema.parse(flag);
    // Every message and alert of the organisation's patients, counted in the database.
    const patientsOfOrganisation = db().select({ id: accounts.id }).from(accounts).where(and(eq(accounts.organisationId, organisationId), eq(accounts.accountType, 'pat'), ne(accounts.status, 'pending')));
    const messageRows = await db().select({ id: messages.id }).from(messages).innerJoin(messageThreads, eq(messageThreads.id, messages.threadId)).where(inArray(messageThreads.patientAccountId, patientsOfOrganisation));
    const alertRows = await db().select({ id: alerts.id }).from(alerts).where(inArray(alerts.patientAccountId, patientsOfOrganisation));
    expect(communications.map((c) => c.id).sort()).toEqual(messageRows.map((row) => row.id).sort());
    expect(flags.map((f) => f.id).sort()).toEqual(alertRows.map((row) => row.id).sort());
    expect(communications.length).toBeGreaterThan(0);
    expect(flags.length).toBeGreaterThan(0);
    // Never the text of a message.
    expect(JSON.stringify(communications)).not.toContain('sit for a minute');

    // The admin's own export leaves them out, and naming them is refused.
    const own = await manifestOf((await kickOff('/$export', bearer(admin))).location!, bearer(admin));
    expect(own.output.map((file: Json) => file.type)).not.toEqual(expect.arrayContaining(['Communication']));
    expect(own.output.map((file: Json) => file.type)).not.toContain('Flag');
    const named = await kickOff('/$export?_type=Flag', bearer(admin));
    expect(named.status).toBe(400);
  });

  it('cancels on DELETE, and an export whose edge stopped is finished by the next poll', async () => {
    const started = await kickOff('/$export', bearer(admin));
    const cancelled = await fetch(started.location!, { method: 'DELETE', headers: bearer(admin) });
    expect(cancelled.status).toBe(202);
    expect((await get(started.location!, bearer(admin))).status).toBe(404);

    // An export left running by an edge that went away (no heartbeat for minutes).
    const [orphan] = await db()
      .insert(fhirExports)
      .values({
        organisationId,
        requesterType: 'account',
        requesterId: adminAccountId,
        level: 'patient',
        request: `${base()}/Patient/$export`,
        types: ['Patient'],
        status: 'running',
        progress: 'Exported 0 of 3 patients',
        transactionTime: new Date(),
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning({ id: fhirExports.id });
    const manifest = await manifestOf(`${base()}/$export-status/${orphan!.id}`, bearer(admin));
    expect(manifest.output.map((file: Json) => file.type)).toEqual(['Patient']);
    const [row] = await db().select({ status: fhirExports.status }).from(fhirExports).where(eq(fhirExports.id, orphan!.id));
    expect(row!.status).toBe('complete');
    expect(await db().$count(fhirExports, sql`${fhirExports.status} = 'running' and ${fhirExports.id} = ${orphan!.id}`)).toBe(0);
  });
});
