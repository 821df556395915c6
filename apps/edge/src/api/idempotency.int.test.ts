import { randomUUID } from 'node:crypto';
import { measurements } from '@opencare/api/db/schema';
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

/** Pairs of writes raced per test: enough that some of them overlap on PostgreSQL every run. */
const RACES = 20;

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

  it('races two posts of each reading id truly at once: one 201, the other 409 while in flight or the replay, one row', async () => {
    // Nothing staged: the two requests of each pair go out together and the edge serves them over
    // separate pooled connections (PostgreSQL), as two edges on one database would.
    const bodies = Array.from({ length: RACES }, (_, i) => bp(140 + i, randomUUID()));
    const pairs = await Promise.all(bodies.map((body) => Promise.all([post(body), post(body)])));
    const outcomes = pairs.map(([a, b]) => [a.status, b.status].sort().join('+'));
    expect(outcomes.every((o) => o === '201+409' || o === '200+201'), outcomes.join(', ')).toBe(true);
    for (const [i, [a, b]] of pairs.entries()) {
      const first = a.status === 201 ? a : b;
      const second = a.status === 201 ? b : a;
      if (second.status === 409) {
        expect(second.body).toMatchObject({ success: false, key: 'requestInFlight' });
        // The client's retry, once the first write has committed, is answered as a replay.
        const retry = await post(bodies[i]);
        expect(retry.status).toBe(200);
        expect(retry.body.data).toEqual(first.body.data);
      } else expect(second.body.data).toEqual(first.body.data);
    }
    expect(await stored(bodies.map((b) => b.id!))).toBe(RACES);
    const inFlight = outcomes.filter((o) => o === '201+409').length;
    console.log(`idempotency (${testDatabaseKind}): ${RACES} REST pairs raced → ${inFlight} answered 409 while in flight, ${RACES - inFlight} as a replay; ${RACES} rows`);
    if (testDatabaseKind === 'postgres') expect(inFlight).toBeGreaterThan(0);
    // PGlite is one connection inside one edge: its transactions run one after the other, so the
    // second write of a pair always finds the first committed (a replay), never in flight.
    else expect(inFlight).toBe(0);
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

  it('races two agents uploading the same batch at once: a batch in flight is refused (409), the retry stores every reading once', async () => {
    const second = agents.open(t.url, { token: (agent.auth as { token: string }).token });
    expect(await agentOutcome(second)).toEqual({ connected: true });
    const batches = Array.from({ length: RACES / 2 }, (_, b) =>
      Array.from({ length: 3 }, (_, i) => ({ deviceId: cuffId, reading: bp(110 + b + i, randomUUID()) })),
    );
    const ids = batches.flat().map((r) => r.reading.id!);
    const storedBy = new Map<string, number>();
    let refusedInFlight = 0;
    await Promise.all(
      batches.map(async (readings) => {
        const answers = await Promise.all([upload(readings), upload(readings, second)]);
        for (const [n, first] of answers.entries()) {
          let answer = first;
          // The agent sends a refused batch again (edge-link.ts: a batch-level error is retried).
          while (!('data' in answer)) {
            expect(answer).toMatchObject({ error: 'requestInFlight' });
            refusedInFlight += 1;
            answer = await upload(readings, n === 0 ? agent : second);
          }
          for (const o of answer.data.outcomes) {
            expect(['stored', 'duplicate']).toContain(o.status);
            if (o.status === 'stored') storedBy.set(o.id, (storedBy.get(o.id) ?? 0) + 1);
          }
        }
      }),
    );
    // No reading is answered "stored" twice. It may be answered "stored" to neither agent: a batch
    // refused in flight part-way (the other agent claimed its next reading) has stored the readings
    // before it, and its retry hears "duplicate" for them, as does the other agent. Every one is
    // stored exactly once (next line), and every answer above was "stored" or "duplicate".
    expect(ids.filter((id) => (storedBy.get(id) ?? 0) > 1).map((id) => `${id} stored ×${storedBy.get(id)}`)).toEqual([]);
    expect(await stored(ids)).toBe(ids.length);
    console.log(`idempotency (${testDatabaseKind}): ${batches.length} batch pairs raced → ${refusedInFlight} refused in flight and retried; ${ids.length} readings stored once each`);
    if (testDatabaseKind === 'postgres') expect(refusedInFlight).toBeGreaterThan(0);
    else expect(refusedInFlight).toBe(0);
  });
});
