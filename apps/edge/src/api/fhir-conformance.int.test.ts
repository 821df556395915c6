import { randomUUID, webcrypto } from 'node:crypto';
import { Client } from 'fhir-kit-client';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, workingDay } from '../testing/appointment-fixtures';
import { agentAsk, agentClients, gatewayInfo, gatewayWithCuff, type AgentSocket } from '../testing/gateway-fixtures';
import { officialSchemaErrors } from '../testing/official-fhir-schema';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';
import { startWebhookReceiver } from '../testing/webhook-receiver';

/**
 * Issue 21's "done when", from outside: a standard FHIR client (fhir-kit-client) and a SMART/OAuth
 * client (openid-client), both from npm and unmodified, discover the server, get a backend-services
 * token, search a patient's vital signs by category and date and follow the pages, run $export and
 * receive a subscription's notification of a new gateway reading. Every resource met on the way,
 * and every kind of resource and error the server gives, is checked against HL7's official R4 JSON
 * schema rather than our own.
 */

let t: TestEdge;
const agents = agentClients();
let admin: string;
let physician: string;
let patient: { token: string; accountId: string };
let agent: AgentSocket;
let cuffId: string;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** Every resource seen, with where it came from, for the schema check. */
const seen: { where: string; resource: Json }[] = [];

function check(where: string, resource: Json) {
  seen.push({ where, resource });
  expect(officialSchemaErrors(resource), `${where}: ${JSON.stringify(resource).slice(0, 400)}`).toEqual([]);
  return resource;
}
/** A Bundle, and each resource in it, one by one (a failure then names the resource, not the bundle). */
function checkBundle(where: string, bundle: Json) {
  check(where, bundle);
  for (const entry of bundle.entry ?? []) check(`${where} → ${entry.resource.resourceType}/${entry.resource.id}`, entry.resource);
  return bundle;
}

async function until(done: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function uploadReading(systolic: number): Promise<string> {
  const reading = { id: randomUUID(), type: 'bp', values: { systolic, diastolic: 78, pulse: 64 } };
  const answer = await agentAsk(agent, 'readings:upload', { readings: [{ deviceId: cuffId, reading }] });
  if (!('data' in answer) || answer.data.outcomes[0]?.status !== 'stored') throw new Error(JSON.stringify(answer));
  return reading.id;
}

beforeAll(async () => {
  hook = await startWebhookReceiver();
  t = await startTestEdge();
  Object.assign(t.edge.deps.config, { publicUrl: t.url });
  admin = (await t.login('admin')).token;
  physician = (await t.login('physician')).token;
  const { token } = await t.login('patient');
  patient = { token, accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId };

  // The patient's home gateway with a cuff, a conversation with the care team and a video visit booked.
  ({ agent, cuffId } = await gatewayWithCuff(t, agents, patient, 'C4:7C:8D:6A:70:01', gatewayInfo({ model: 'Raspberry Pi 4', serial: 'RPI-7001' })));
  await uploadReading(128);
  expect((await t.call('POST', '/api/v1/mail/threads', { token, body: { subject: 'Question', body: 'Is 128 fine?' } })).status).toBe(201);
  const physicianId = (await t.call('GET', '/api/v1/profile', { token: physician })).body.data.accountId;
  const booked = await t.call('POST', '/api/v1/appointments', { token, body: { type: 'tv', providerId: physicianId, startsAt: at(workingDay(3), '11:00'), reason: 'Review' } });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
});
afterAll(async () => {
  agents.closeAll();
  await t.close();
  await hook.close();
});

describe('a clinic’s system connecting with standard libraries', () => {
  it('discovers, gets a backend token, searches and pages vital signs, exports, and is notified of a gateway reading', async () => {
    // Discovery, as a FHIR client starts.
    const anonymous = new Client({ baseUrl: `${t.url}/fhir/R4` });
    check('metadata', await anonymous.capabilityStatement());
    const tokenUrl = String(((await anonymous.smartAuthMetadata()) as { tokenUrl: URL }).tokenUrl);
    expect(tokenUrl).toBe(`${t.url}/fhir/R4/auth/token`);

    // The admin registers the EHR as a backend client with its public key; openid-client gets a token.
    const { privateKey, publicKey } = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign', 'verify']);
    const jwk = { ...(await webcrypto.subtle.exportKey('jwk', publicKey)), kid: 'ehr-1', alg: 'ES384' };
    const registered = await t.call('POST', '/api/v1/smart-clients', { token: admin, body: { name: 'Clinic EHR', jwks: { keys: [jwk] }, scopes: ['system/*.read'] } });
    expect(registered.status).toBe(201);
    const config = new oauth.Configuration({ issuer: `${t.url}/fhir/R4`, token_endpoint: tokenUrl }, registered.body.data.clientId, undefined, oauth.PrivateKeyJwt({ key: privateKey, kid: 'ehr-1' }));
    oauth.allowInsecureRequests(config);
    const { access_token: token } = await oauth.clientCredentialsGrant(config, { scope: 'system/*.read' });
    const ehr = new Client({ baseUrl: `${t.url}/fhir/R4`, bearerToken: token });

    // Find the patient, then their vital signs of the last month, page by page.
    const found = checkBundle('Patient search', await ehr.search({ resourceType: 'Patient', searchParams: { _id: patient.accountId } }));
    expect(found.entry.map((e: Json) => e.resource.id)).toEqual([patient.accountId]);
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    let page = (await ehr.search({ resourceType: 'Observation', searchParams: { patient: patient.accountId, category: 'vital-signs', date: `ge${since}`, _count: 25 } })) as Json;
    const ids = new Set<string>();
    let pages = 0;
    for (;;) {
      checkBundle(`Observation page ${++pages}`, page);
      for (const entry of page.entry ?? []) ids.add(entry.resource.id);
      const next = ehr.nextPage({ bundle: page });
      if (!next) break;
      page = await next;
    }
    expect(pages).toBeGreaterThan(1);
    expect(ids.size).toBe(page.total);

    // A subscription to the patient's readings; a new reading from the home gateway reaches the hook.
    const subscription: Json = await ehr.create({
      resourceType: 'Subscription',
      body: { resourceType: 'Subscription', status: 'requested', reason: 'Home readings', criteria: `Observation?patient=${patient.accountId}`, channel: { type: 'rest-hook', endpoint: hook.url, payload: 'application/fhir+json' } },
    });
    check('Subscription created', subscription);
    const readingId = await uploadReading(133);
    await until(() => hook.received.some((r) => r.body.includes(readingId)));
    const notification = checkBundle('notification', JSON.parse(hook.received.find((r) => r.body.includes(readingId))!.body));
    expect(notification.entry.map((e: Json) => e.resource.id)).toContain(readingId);
    await ehr.delete({ resourceType: 'Subscription', id: subscription.id });

    // Bulk export: kick-off through the FHIR client, then the Bulk Data polling flow.
    const kickOff = await ehr.request('$export', { options: { headers: { prefer: 'respond-async' } } });
    const { response } = Client.httpFor(kickOff);
    expect(response?.status).toBe(202);
    const status = response!.headers.get('content-location')!;
    let manifest: Json;
    for (;;) {
      const polled = await fetch(status, { headers: { authorization: `Bearer ${token}` } });
      if (polled.status === 200) {
        manifest = await polled.json();
        break;
      }
      expect(polled.status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(manifest.output.map((file: Json) => file.type)).toEqual(expect.arrayContaining(['Patient', 'Observation', 'Device', 'Provenance']));
    for (const file of manifest.output) {
      const ndjson = await (await fetch(file.url, { headers: { authorization: `Bearer ${token}` } })).text();
      const lines = ndjson.trimEnd().split('\n');
      expect(lines).toHaveLength(file.count);
      lines.forEach((line, index) => check(`$export ${file.type} line ${index + 1}`, JSON.parse(line)));
    }
  });

  it('gives every kind of resource and answer valid by the official R4 schema', async () => {
    const fhir = async (path: string, init: { token?: string; headers?: Record<string, string> } = { token: physician }) => {
      const res = await t.call('GET', `/fhir/R4${path}`, { token: init.token, headers: init.headers });
      return res;
    };
    const everything = checkBundle('$everything', (await fhir(`/Patient/${patient.accountId}/$everything`)).body);
    const types = new Set<string>(everything.entry.map((e: Json) => e.resource.resourceType));
    for (const type of ['Patient', 'Observation', 'Device', 'Provenance', 'Appointment', 'Encounter', 'Practitioner', 'Communication']) expect(types, type).toContain(type);
    // Each resource read on its own, and each search, as well as the bundle's copies.
    for (const { resource } of everything.entry.filter((e: Json, index: number, all: Json[]) => all.findIndex((o: Json) => o.resource.resourceType === e.resource.resourceType) === index)) {
      const read = await fhir(`/${resource.resourceType}/${resource.id}`);
      expect(read.status, `${resource.resourceType}/${resource.id}`).toBe(200);
      check(`read ${resource.resourceType}`, read.body);
      if (resource.resourceType !== 'Patient' && resource.resourceType !== 'Practitioner') {
        checkBundle(`search ${resource.resourceType}`, (await fhir(`/${resource.resourceType}?patient=${patient.accountId}`)).body);
      }
    }
    checkBundle('count only', (await fhir(`/Observation?patient=${patient.accountId}&_summary=count`)).body);
    // Errors are OperationOutcomes a validator accepts: 400, 401, 403, 404 and 406.
    const errors = [
      await fhir(`/Observation?patient=${patient.accountId}&date=yesterday`),
      await fhir(`/Patient/${patient.accountId}`, {}),
      await fhir(`/Patient/${patient.accountId}`, { token: (await t.login('nurse')).token }),
      await fhir(`/Observation/${randomUUID()}`),
      await fhir(`/Patient/${patient.accountId}`, { token: physician, headers: { accept: 'application/fhir+xml' } }),
    ];
    expect(errors.map((res) => res.status)).toEqual([400, 401, 403, 404, 406]);
    errors.forEach((res, index) => check(`error ${res.status} (${index})`, res.body));
    expect(seen.length).toBeGreaterThan(50);
  });
});
