import { createHmac, randomUUID, webcrypto } from 'node:crypto';
import { alerts, auditLog, fhirSubscriptionDeliveries, fhirSubscriptions } from '@opencare/api/db/schema';
import { and, eq } from 'drizzle-orm';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAsk, agentClients, gatewayWithCuff, type AgentSocket } from '../testing/gateway-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';
import { startWebhookReceiver } from '../testing/webhook-receiver';

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
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let hookUrl: string;
/** What the hook received, and how it answers next (a status code per call, then 200). */
let received: Awaited<ReturnType<typeof startWebhookReceiver>>['received'];
let answers: number[];
const db = () => t.edge.deps.db;

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
  hook = await startWebhookReceiver();
  ({ url: hookUrl, received, answers } = hook);

  t = await startTestEdge();
  Object.assign(t.edge.deps.config, { publicUrl: t.url });
  admin = (await t.login('admin')).token;
  const { token } = await t.login('patient');
  patient = { token, accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId };
  ({ agent, cuffId } = await gatewayWithCuff(t, agents, patient, 'C4:7C:8D:6A:55:01'));
});
afterAll(async () => {
  agents.closeAll();
  await t.close();
  await hook.close();
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
    const [, seconds, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(notification.headers['x-opencare-signature']))!;
    expect(createHmac('sha256', secret).update(`${seconds}.${notification.body}`).digest('hex')).toBe(mac);
    expect(notification.headers.authorization).toBe('Bearer hook-secret');
    const bundle = JSON.parse(notification.body);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const observation = bundle.entry.find((e: Json) => e.resource.id === readingId).resource;
    expect(observation).toMatchObject({ subject: { reference: `Patient/${patient.accountId}` }, device: { reference: `Device/${cuffId}` } });

    // The attempt is recorded once the hook's answer is back, which can be after the hook has the body.
    const deliveries = () => db().select().from(fhirSubscriptionDeliveries).where(eq(fhirSubscriptionDeliveries.subscriptionId, created.body.id));
    await until(async () => (await deliveries()).length > 0);
    expect((await deliveries())[0]).toMatchObject({ statusCode: 200, error: null });
    expect(await db().$count(auditLog, and(eq(auditLog.action, 'fhir.subscription.notify.item'), eq(auditLog.resourceId, patient.accountId)))).toBeGreaterThan(0);
    await t.call('DELETE', `/fhir/R4/Subscription/${created.body.id}`, { token });
  });

  it("notify a rest-hook of a patient's alert opening and being resolved, as Flags, for a client allowed Flags only", async () => {
    const refused = await smartToken(['system/Observation.read']);
    const noScope = await subscribe(refused.token, { criteria: `Flag?patient=${patient.accountId}`, channel: { type: 'rest-hook', endpoint: hookUrl } });
    expect(noScope.status).toBe(403);

    const { token } = await smartToken(['system/Flag.read']);
    const created = await subscribe(token, { reason: 'Alerts for the care manager', criteria: `Flag?patient=${patient.accountId}`, channel: { type: 'rest-hook', endpoint: hookUrl } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ reason: 'Alerts for the care manager', criteria: `Flag?patient=${patient.accountId}` });
    const [stored] = await db().select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, created.body.id));
    expect(stored?.reason).toBe('Alerts for the care manager');

    // A reading far above the patient's limits opens an alert.
    const readingId = await upload(196);
    const [alert] = await db().select().from(alerts).where(and(eq(alerts.patientAccountId, patient.accountId), eq(alerts.measurementId, readingId)));
    expect(alert).toBeDefined();
    const flagIn = (body: string) => JSON.parse(body).entry.find((e: Json) => e.resource.id === alert!.id)?.resource;
    await until(() => received.some((r) => flagIn(r.body)?.status === 'active'));
    const opened = flagIn(received.find((r) => flagIn(r.body)?.status === 'active')!.body);
    expect(opened).toMatchObject({
      resourceType: 'Flag',
      subject: { reference: `Patient/${patient.accountId}` },
      code: { text: 'Blood pressure very high' },
      extension: expect.arrayContaining([{ url: 'http://hl7.org/fhir/StructureDefinition/flag-detail', valueReference: { reference: `Observation/${readingId}` } }]),
    });
    // The readings themselves are not sent to a subscription to alerts.
    expect(received.filter((r) => flagIn(r.body)).every((r) => !r.body.includes('"resourceType":"Observation"'))).toBe(true);

    // A physician resolves it: the change reaches the hook too.
    const physician = (await t.login('physician')).token;
    expect((await t.call('PATCH', `/api/v1/alerts/${alert!.id}/resolve`, { token: physician, body: { comment: 'Called the patient' } })).status).toBe(200);
    await until(() => received.some((r) => flagIn(r.body)?.status === 'inactive'));
    expect(flagIn(received.find((r) => flagIn(r.body)?.status === 'inactive')!.body).period.end).toEqual(expect.any(String));
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

  it('in production, refuse an endpoint on this machine or inside a private network', async () => {
    const { token } = await smartToken(['system/Observation.read']);
    const before = await db().$count(fhirSubscriptions);
    Object.assign(t.edge.deps.config, { loopbackWebhooks: false });
    try {
      for (const endpoint of [hookUrl, 'https://localhost/hook', 'https://10.0.0.5/hook', 'https://[fd00::5]/hook', 'https://169.254.169.254/latest']) {
        const res = await subscribe(token, { criteria: 'Observation', channel: { type: 'rest-hook', endpoint } });
        expect(res.status, endpoint).toBe(400);
        expect(res.body.issue.map((i: Json) => i.expression?.[0]), endpoint).toContain('channel.endpoint');
      }
    } finally {
      Object.assign(t.edge.deps.config, { loopbackWebhooks: true });
    }
    expect(await db().$count(fhirSubscriptions)).toBe(before);
  });

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
