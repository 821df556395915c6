import { createHmac, randomUUID, webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { auditLog, fhirSubscriptionDeliveries, fhirSubscriptions } from '@opencare/api/db/schema';
import { and, eq } from 'drizzle-orm';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAsk, agentClients, agentOutcome, gatewayInfo, pairGateway, type AgentSocket } from '../testing/gateway-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * FHIR subscriptions (issue 21 part 3): a SMART backend client (token from openid-client)
 * subscribes a rest-hook to a patient's readings; a reading the patient's home gateway uploads
 * reaches the hook as a signed Bundle; an endpoint that fails is retried until it answers and
 * nothing is skipped; every attempt is recorded; revoking the client stops its subscription.
 */

let t: TestEdge;
const agents = agentClients();
let admin: string;
let patient: { token: string; accountId: string };
let agent: AgentSocket;
let cuffId: string;
let receiver: Server;
let hookUrl: string;
/** What the hook received, and how it answers next (a status code per call, then 200). */
const received: { body: string; signature: string; auth: string | undefined }[] = [];
const answers: number[] = [];
const db = () => t.edge.deps.db;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

async function smartToken(scopes: string[]) {
  const { privateKey, publicKey } = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign', 'verify']);
  const jwk = { ...(await webcrypto.subtle.exportKey('jwk', publicKey)), kid: 'hooks', alg: 'ES384' };
  const clientId: string = (await t.call('POST', '/api/v1/smart-clients', { token: admin, body: { name: 'Hospital EHR', jwks: { keys: [jwk] }, scopes } })).body.data.clientId;
  const smart = (await (await fetch(`${t.url}/fhir/R4/.well-known/smart-configuration`)).json()) as Json;
  const config = new oauth.Configuration({ issuer: smart.issuer, token_endpoint: smart.token_endpoint }, clientId, undefined, oauth.PrivateKeyJwt({ key: privateKey, kid: 'hooks' }));
  oauth.allowInsecureRequests(config);
  return { clientId, token: (await oauth.clientCredentialsGrant(config, { scope: scopes.join(' ') })).access_token };
}

const subscribe = (token: string, body: Json) =>
  t.call('POST', '/fhir/R4/Subscription', { token, body: { resourceType: 'Subscription', reason: 'Home readings', ...body } });

async function upload(systolic: number) {
  const reading = { id: randomUUID(), type: 'bp', values: { systolic, diastolic: 80, pulse: 70 } };
  const answer = await agentAsk(agent, 'readings:upload', { readings: [{ deviceId: cuffId, reading }] });
  if (!('data' in answer) || answer.data.outcomes[0]?.status !== 'stored') throw new Error(JSON.stringify(answer));
  return reading.id;
}

async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({ body, signature: String(req.headers['x-opencare-signature']), auth: req.headers.authorization });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  t = await startTestEdge();
  Object.assign(t.edge.deps.config, { publicUrl: t.url });
  admin = (await t.login('admin')).token;
  const { token } = await t.login('patient');
  patient = { token, accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId };
  const gateway = await pairGateway(t, patient, 'Hall');
  agent = agents.open(t.url, { token: gateway.token });
  await agentOutcome(agent);
  await agentAsk(agent, 'gateway:hello', { info: gatewayInfo() });
  const profile = (await t.call('GET', '/api/v1/devices/profiles', { token })).body.data.find((p: Json) => p.measurement === 'bp');
  cuffId = (await t.call('POST', '/api/v1/devices', { token, body: { gatewayId: gateway.gatewayId, address: 'C4:7C:8D:6A:55:01', name: 'Cuff', profileId: profile.profileId } })).body.data.id;
});
afterAll(async () => {
  agents.closeAll();
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('FHIR subscriptions', () => {
  it("notify a client's rest-hook of a patient's new gateway reading, signed with its secret", async () => {
    const { token } = await smartToken(['system/Observation.read']);
    const created = await subscribe(token, { criteria: `Observation?patient=${patient.accountId}`, channel: { type: 'rest-hook', endpoint: hookUrl, payload: 'application/fhir+json', header: ['Authorization: Bearer hook-secret'] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resourceType: 'Subscription', status: 'active', criteria: `Observation?patient=${patient.accountId}` });
    const secret: string = created.body.extension[0].valueString;
    // The secret is shown once: reading the subscription again does not give it.
    expect((await t.call('GET', `/fhir/R4/Subscription/${created.body.id}`, { token })).body.extension).toBeUndefined();

    const readingId = await upload(131);
    await until(() => received.some((r) => r.body.includes(readingId)));
    const notification = received.find((r) => r.body.includes(readingId))!;
    const [, seconds, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(notification.signature)!;
    expect(createHmac('sha256', secret).update(`${seconds}.${notification.body}`).digest('hex')).toBe(mac);
    expect(notification.auth).toBe('Bearer hook-secret');
    const bundle = JSON.parse(notification.body);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const observation = bundle.entry.find((e: Json) => e.resource.id === readingId).resource;
    expect(observation).toMatchObject({ subject: { reference: `Patient/${patient.accountId}` }, device: { reference: `Device/${cuffId}` } });

    const [delivery] = await db().select().from(fhirSubscriptionDeliveries).where(eq(fhirSubscriptionDeliveries.subscriptionId, created.body.id));
    expect(delivery).toMatchObject({ statusCode: 200, error: null });
    expect(await db().$count(auditLog, and(eq(auditLog.action, 'fhir.subscription.notify.item'), eq(auditLog.resourceId, patient.accountId)))).toBeGreaterThan(0);
    await t.call('DELETE', `/fhir/R4/Subscription/${created.body.id}`, { token });
  });

  it('retries an endpoint that fails, records each attempt, and skips nothing', async () => {
    const { token } = await smartToken(['system/*.read']);
    const id: string = (await subscribe(token, { criteria: 'Observation', channel: { type: 'rest-hook', endpoint: hookUrl } })).body.id;
    answers.push(503, 500);
    const first = await upload(140);
    await until(async () => (await db().$count(fhirSubscriptionDeliveries, eq(fhirSubscriptionDeliveries.subscriptionId, id))) >= 1);
    const [failing] = await db().select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id));
    expect(failing).toMatchObject({ status: 'error', error: 'The endpoint answered 503.' });
    expect((await t.call('GET', `/fhir/R4/Subscription/${id}`, { token })).body).toMatchObject({ status: 'error', error: 'The endpoint answered 503.' });
    const second = await upload(141);

    await until(async () => (await db().select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id)))[0]?.status === 'active');
    const attempts = await db().select().from(fhirSubscriptionDeliveries).where(eq(fhirSubscriptionDeliveries.subscriptionId, id));
    expect(attempts.map((a) => a.statusCode)).toEqual([503, 500, 200]);
    // Both readings reached the endpoint in the end, the first in every attempt.
    const delivered = received.filter((r) => r.body.includes(first));
    expect(delivered.length).toBeGreaterThanOrEqual(3);
    expect(received.some((r) => r.body.includes(second))).toBe(true);
    await t.call('DELETE', `/fhir/R4/Subscription/${id}`, { token });
  }, 30_000);

  it('stop when the client is revoked, and are refused to people and for other endpoints', async () => {
    const { token, clientId } = await smartToken(['system/Observation.read']);
    const id: string = (await subscribe(token, { criteria: 'Observation', channel: { type: 'rest-hook', endpoint: hookUrl } })).body.id;
    expect((await t.call('PATCH', `/api/v1/smart-clients/${clientId}/revoke`, { token: admin })).status).toBe(200);
    await upload(122);
    await until(async () => (await db().select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id)))[0]?.status === 'off');
    expect(await db().$count(fhirSubscriptionDeliveries, eq(fhirSubscriptionDeliveries.subscriptionId, id))).toBe(0);

    const physician = (await t.login('physician')).token;
    expect((await subscribe(physician, { criteria: 'Observation', channel: { type: 'rest-hook', endpoint: hookUrl } })).status).toBe(403);
    const other = await smartToken(['system/Observation.read']);
    const before = await db().$count(fhirSubscriptions);
    for (const [body, field] of [
      [{ criteria: 'Patient', channel: { type: 'rest-hook', endpoint: hookUrl } }, 'criteria'],
      [{ criteria: 'Observation', channel: { type: 'email', endpoint: 'mailto:a@b.c' } }, 'channel.type'],
      [{ criteria: 'Observation', channel: { type: 'rest-hook', endpoint: 'http://hooks.example.org/x' } }, 'channel.endpoint'],
    ] as const) {
      const res = await subscribe(other.token, body);
      expect(res.status).toBe(400);
      expect(res.body.issue.map((i: Json) => i.expression?.[0])).toContain(field);
    }
    // Another client cannot see or delete it.
    expect((await t.call('GET', `/fhir/R4/Subscription/${id}`, { token: other.token })).status).toBe(404);
    expect(await db().$count(fhirSubscriptions)).toBe(before);
  });
});
