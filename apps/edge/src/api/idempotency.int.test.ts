import { randomUUID } from 'node:crypto';
import { measurements } from '@opencare/api/db/schema';
import { claimReadingId } from '@opencare/api/measurements/measurements.repository';
import { testDatabaseKind } from '@opencare/api/testing/env';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentAsk,
  agentClients,
  agentOutcome,
  gatewayInfo,
  pairGateway,
  type AgentSocket,
} from '../testing/gateway-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/*
 * Issue 8, reliability test 2: idempotency of every device write (design.md: "writes from devices
 * carry an idempotency key, the reading's id"). The device writes are readings: uploaded in batches
 * by a home gateway over the `/gateways` namespace, and posted over REST (`POST /measurements`, the
 * patient app, which sends the id it made for the reading). Device state (`device:state`: battery,
 * firmware) is a last-writer-wins report, not a write with a key. For each write, the four rules:
 * a replay returns the stored result; the same key with another body → 422; the key in flight →
 * 409; no key → 400.
 */
let t: TestEdge;
let patient: { token: string; accountId: string };
let cuffId: string;
const agents = agentClients();
let agent: AgentSocket;

const bp = (systolic: number, id?: string) => ({
  ...(id ? { id } : {}),
  type: 'bp',
  values: { systolic, diastolic: 80, pulse: 70 },
  takenAt: new Date(Date.now() - 60_000).toISOString(),
});
const post = (body: unknown) => t.call('POST', '/api/v1/measurements', { token: patient.token, body });
const upload = (readings: unknown[], socket = agent) => agentAsk(socket, 'readings:upload', { readings });
const stored = async (ids: string[]) =>
  (await t.edge.deps.db.select({ n: count() }).from(measurements).where(inArray(measurements.id, ids)))[0]!.n;

/**
 * Holds the claim on `id` as an edge does while it writes that reading, from another connection of
 * the pool — the position of a second edge on the same PostgreSQL — while `during` runs.
 */
async function whileInFlight<T>(id: string, during: () => Promise<T>): Promise<T> {
  return t.edge.deps.db.transaction(async (tx) => {
    expect(await claimReadingId(tx, id)).toBe(true);
    return during();
  });
}

beforeAll(async () => {
  t = await startTestEdge();
  const { token } = await t.login('patient');
  patient = { token, accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId };
  const gateway = await pairGateway(t, patient);
  const profile = (await t.call('GET', '/api/v1/devices/profiles', { token })).body.data.find((p: Json) => p.measurement === 'bp');
  const cuff = await t.call('POST', '/api/v1/devices', {
    token,
    body: { gatewayId: gateway.gatewayId, address: 'C4:7C:8D:6A:00:42', name: 'Cuff', profileId: profile.profileId },
  });
  expect(cuff.status).toBe(201);
  cuffId = cuff.body.data.id;
  agent = agents.open(t.url, { token: gateway.token });
  expect(await agentOutcome(agent)).toEqual({ connected: true });
  await agentAsk(agent, 'gateway:hello', { info: gatewayInfo() });
});
afterAll(async () => {
  agents.closeAll();
  await t.close();
});

describe('REST reading upload (POST /measurements, the id is the key)', () => {
  it('answers a replay with the stored reading and stores it once', async () => {
    const body = bp(121, randomUUID());
    const first = await post(body);
    expect(first.status).toBe(201);
    const replay = await post(body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    expect(await stored([body.id!])).toBe(1);
  });

  it('refuses the same key with another body (422) and keeps the stored reading', async () => {
    const body = bp(122, randomUUID());
    const first = await post(body);
    const other = await post({ ...body, values: { ...body.values, systolic: 150 } });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, key: 'idempotencyKeyReused' });
    const read = await t.call('GET', `/api/v1/measurements/${body.id}`, { token: patient.token });
    expect(read.body.data).toEqual(first.body.data);
  });

  it('refuses the key while it is in flight (409), then takes it once the claim is gone', async () => {
    const body = bp(123, randomUUID());
    if (testDatabaseKind === 'postgres') {
      const during = await whileInFlight(body.id!, () => post(body));
      expect(during.status).toBe(409);
      expect(during.body).toMatchObject({ success: false, key: 'requestInFlight' });
      expect(await stored([body.id!])).toBe(0);
      expect((await post(body)).status).toBe(201);
    } else {
      // PGlite is one connection inside one edge: two writes of one key are serialised, never both
      // in flight, so the second is answered as a replay once the first has committed.
      const [a, b] = await Promise.all([post(body), post(body)]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.data).toEqual(b.body.data);
    }
    expect(await stored([body.id!])).toBe(1);
  });

  it('gives a key-less REST reading an id of its own (a person typing, not a device retrying)', async () => {
    // The patient app always sends the id it made (measurement-form.tsx); a third-party client that
    // does not is answered with the id the edge gave, which its retries must then carry.
    const res = await post(bp(124));
    expect(res.status).toBe(201);
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('gateway batch upload (readings:upload on /gateways, each reading id is its key)', () => {
  it('answers a replayed batch with "duplicate" for each reading and stores each once', async () => {
    const readings = Array.from({ length: 20 }, (_, i) => ({ deviceId: cuffId, reading: bp(100 + i, randomUUID()) }));
    const first = await upload(readings);
    if (!('data' in first)) throw new Error(JSON.stringify(first));
    expect(first.data.outcomes.every((o) => o.status === 'stored')).toBe(true);
    const replay = await upload(readings);
    expect(replay).toEqual({ data: { outcomes: readings.map((r) => ({ id: r.reading.id, status: 'duplicate' })) } });
    expect(await stored(readings.map((r) => r.reading.id!))).toBe(20);
  });

  it('refuses a reading whose key was used for another reading (422 key) and keeps the first', async () => {
    const id = randomUUID();
    await upload([{ deviceId: cuffId, reading: bp(130, id) }]);
    const other = await upload([{ deviceId: cuffId, reading: bp(131, id) }]);
    expect(other).toEqual({
      data: { outcomes: [{ id, status: 'rejected', key: 'idempotencyKeyReused', message: expect.any(String) }] },
    });
    const read = await t.call('GET', `/api/v1/measurements/${id}`, { token: patient.token });
    expect(read.body.data.values.systolic).toBe(130);
  });

  it('refuses a reading without its key (400 key) and still stores the rest of the batch', async () => {
    const kept = bp(132, randomUUID());
    const res = await upload([{ deviceId: cuffId, reading: bp(133) }, { deviceId: cuffId, reading: kept }]);
    expect(res).toEqual({
      data: {
        outcomes: [
          { id: '', status: 'rejected', key: 'idempotencyKeyRequired', message: 'An idempotency key is required.' },
          { id: kept.id, status: 'stored' },
        ],
      },
    });
  });

  it('refuses a batch holding a key in flight (409), and the retry stores every reading once', async () => {
    const readings = Array.from({ length: 10 }, (_, i) => ({ deviceId: cuffId, reading: bp(110 + i, randomUUID()) }));
    const ids = readings.map((r) => r.reading.id!);
    if (testDatabaseKind === 'postgres') {
      const during = await whileInFlight(ids[5]!, () => upload(readings));
      expect(during).toMatchObject({ error: 'requestInFlight' });
      // The agent sends the batch again (edge-link.ts: a batch-level error is retried).
      const retry = await upload(readings);
      if (!('data' in retry)) throw new Error(JSON.stringify(retry));
      expect(retry.data.outcomes.map((o) => o.status)).toEqual([...Array(5).fill('duplicate'), ...Array(5).fill('stored')]);
    } else {
      // One PGlite connection: two agents sending the same batch at once are served one after the other.
      const second = agents.open(t.url, { token: (agent.auth as { token: string }).token });
      await agentOutcome(second);
      const [a, b] = await Promise.all([upload(readings), upload(readings, second)]);
      if (!('data' in a) || !('data' in b)) throw new Error(JSON.stringify([a, b]));
      const statuses = a.data.outcomes.map((o, i) => [o.status, b.data.outcomes[i]!.status].sort().join('+'));
      expect(new Set(statuses)).toEqual(new Set(['duplicate+stored']));
    }
    expect(await stored(ids)).toBe(10);
    console.log(`idempotency (${testDatabaseKind}): in-flight batch of ${ids.length} → each reading stored once`);
  });
});
