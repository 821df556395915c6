import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurements } from '@opencare/api/db/schema';
import { count, countDistinct, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { DurableQueue } from '../queue/durable-queue';
import { readStatusFile } from '../status-page';
import { nmcliWifi } from '../wifi/nmcli';
import { startEdgeLink } from './edge-link';
import { startEdgeHarness, type EdgeHarness } from './testing/edge-harness';
import { addDevice, demoPatient, logMessage, pairedAgentEnv, pairOverRest, spawnAgent, type AgentProcess } from './testing/gateway-fixtures';

/*
 * Store-and-forward against a real edge: the link in process, then the real `gateway-agent run`
 * as a child process killed with SIGKILL while holding 1,000 readings and again while uploading,
 * and the edge restarted (same database, same port) mid-drain. Every reading must be stored once.
 */

let h: EdgeHarness;
let patient: { token: string; patientId: string };
beforeAll(async () => {
  h = await startEdgeHarness();
  patient = await demoPatient(h);
});
afterAll(async () => {
  await h?.dispose();
});

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const info = (mac: string) => ({ displayName: 'Test gateway', serial: null, model: null, os: null, bluetoothVersion: null, bluetoothAdapters: [], macAddress: [mac], publicIp: null, localIp: null, btAddress: null, version: '0.1.0', nxwId: null });
const newQueue = () => DurableQueue.open(mkdtempSync(join(tmpdir(), 'gw-link-')), { maxReadings: 1000, maxBytes: 10_000_000 }, silentLogger());

describe('the link', () => {
  it('uploads a queued reading; it appears in the patient’s measurements, from the gateway', async () => {
    const gateway = await pairOverRest(h, patient);
    const deviceId = await addDevice(h, patient.token, gateway.gatewayId, 'bw', 'C4:7C:8D:AA:00:01');
    const queue = newQueue();
    const link = startEdgeLink({
      edgeUrl: h.url,
      token: gateway.token,
      info: () => info(gateway.mac),
      queue,
      log: silentLogger(),
      scanner: () => null,
      wifi: nmcliWifi(),
      heartbeatMs: 200,
    });
    try {
      await until(() => link.work() !== null, 10_000, 'the work list');
      expect(link.work()!.devices.map((d) => d.id)).toEqual([deviceId]);
      await until(() => Boolean(link.status().lastHeartbeatAt), 10_000, 'an acknowledged heartbeat');
      const id = randomUUID();
      queue.enqueue({ id, deviceId, capturedAt: new Date().toISOString(), reading: { id, type: 'bw', values: { weight: 72.4 }, takenAt: new Date().toISOString() } });
      await until(() => queue.counts().acknowledged === 1, 10_000, 'the acknowledgement');
      const stored = await h.call('GET', `/api/v1/measurements/${id}`, { token: patient.token });
      expect(stored.status).toBe(200);
      expect(stored.body.data).toMatchObject({ id, type: 'bw', values: { weight: 72.4 }, source: 'gateway' });
      const shown = await h.call('GET', `/api/v1/gateways/${gateway.gatewayId}`, { token: patient.token });
      expect(shown.body.data, JSON.stringify(shown.body)).toMatchObject({ status: 'online', version: '0.1.0' });
    } finally {
      await link.stop();
      queue.close();
    }
  });
});


describe('the link, draining', () => {
  it('drains 1,000 queued readings in capture order', { timeout: 120_000 }, async () => {
    const gateway = await pairOverRest(h, patient);
    const deviceId = await addDevice(h, patient.token, gateway.gatewayId, 'bw', 'C4:7C:8D:AA:00:03');
    const queue = newQueue();
    const base = Date.now() - 2_000_000;
    const ids = Array.from({ length: 1000 }, () => randomUUID());
    queue.enqueueMany(
      ids.map((id, i) => {
        const takenAt = new Date(base + i * 1000).toISOString();
        return { id, deviceId, capturedAt: takenAt, reading: { id, type: 'bw', values: { weight: 70 }, takenAt } };
      }),
    );
    const started = Date.now();
    const link = startEdgeLink({ edgeUrl: h.url, token: gateway.token, info: () => info(gateway.mac), queue, log: silentLogger(), scanner: () => null, wifi: nmcliWifi() });
    try {
      await until(() => queue.counts().acknowledged === 1000, 100_000, '1,000 acknowledgements');
      const drainMs = Date.now() - started;
      const rows = await h.database.db
        .select({ id: measurements.id, createdAt: measurements.createdAt })
        .from(measurements)
        .where(eq(measurements.deviceId, deviceId));
      expect(rows).toHaveLength(1000);
      // Stored in capture order: no reading was stored before one captured earlier (the edge stores
      // a batch at one moment, so the readings of one batch share it).
      const storedAt = new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
      const storedEarly = ids.slice(1).filter((id, i) => storedAt.get(id)! < storedAt.get(ids[i]!)!);
      expect(storedEarly).toEqual([]);
      expect(new Set(storedAt.values()).size).toBeGreaterThanOrEqual(10);
      console.log(`drained 1000 readings in ${drainMs} ms (${Math.round(1000 / (drainMs / 1000))} readings/s, batches of 100)`);
    } finally {
      await link.stop();
      queue.close();
    }
  });
});

describe('the link, after an upload whose acknowledgement was lost', () => {
  it('sends the readings again; the edge answers duplicate and stores each once', async () => {
    const gateway = await pairOverRest(h, patient);
    const deviceId = await addDevice(h, patient.token, gateway.gatewayId, 'bw', 'C4:7C:8D:AA:00:04');
    const dir = mkdtempSync(join(tmpdir(), 'gw-lost-ack-'));
    const limits = { maxReadings: 1000, maxBytes: 10_000_000 };
    const before = DurableQueue.open(dir, limits, silentLogger());
    const ids = Array.from({ length: 10 }, () => randomUUID());
    const now = new Date().toISOString();
    before.enqueueMany(ids.map((id) => ({ id, deviceId, capturedAt: now, reading: { id, type: 'bw', values: { weight: 80 }, takenAt: now } })));
    // The upload lands, then the agent dies before it records the acknowledgement.
    const batch = before.takeBatch(100);
    const socket = io(`${h.url}/gateways`, { auth: { token: gateway.token }, transports: ['websocket'], reconnection: false });
    const answer = await socket.timeout(10_000).emitWithAck('readings:upload', { readings: batch.map((r) => ({ deviceId: r.deviceId, reading: r.reading })) });
    socket.disconnect();
    expect(answer.data.outcomes.map((o: { status: string }) => o.status)).toEqual(Array(10).fill('stored'));

    const after = DurableQueue.open(dir, limits, silentLogger());
    expect(after.counts()).toMatchObject({ queued: 10, sending: 0 });
    const link = startEdgeLink({ edgeUrl: h.url, token: gateway.token, info: () => info(gateway.mac), queue: after, log: silentLogger(), scanner: () => null, wifi: nmcliWifi() });
    try {
      await until(() => after.counts().acknowledged === 10, 10_000, 'the retried batch');
      const rows = await h.database.db.select({ n: count() }).from(measurements).where(eq(measurements.deviceId, deviceId));
      expect(rows[0]!.n).toBe(10);
      expect(after.counts()).toMatchObject({ queued: 0, sending: 0, rejected: 0 });
    } finally {
      await link.stop();
      after.close();
    }
  });
});

describe('the link, refused and removed', () => {
  it('a token the edge refuses: says so in its state and keeps retrying, slowly', async () => {
    const queue = newQueue();
    const states: string[] = [];
    const link = startEdgeLink({
      edgeUrl: h.url,
      token: 'not-a-real-token',
      info: () => info('020000000001'),
      queue,
      log: silentLogger(),
      scanner: () => null,
      wifi: nmcliWifi(),
      unauthorizedRetryMs: 200,
      onStatus: (s) => states.push(`${s.state}:${s.lastError ?? ''}`),
    });
    try {
      await until(() => states.filter((s) => s === 'unauthorized:tokenInvalid').length >= 2, 10_000, 'two refused handshakes');
      expect(link.status().state).toBe('unauthorized');
    } finally {
      await link.stop();
      queue.close();
    }
  });

  it('a gateway the patient removes is told so and stops', async () => {
    const gateway = await pairOverRest(h, patient);
    const queue = newQueue();
    let removed = false;
    const link = startEdgeLink({
      edgeUrl: h.url,
      token: gateway.token,
      info: () => info(gateway.mac),
      queue,
      log: silentLogger(),
      scanner: () => null,
      wifi: nmcliWifi(),
      onRemoved: () => (removed = true),
    });
    try {
      await until(() => link.work() !== null, 10_000, 'the work list');
      const deleted = await h.call('DELETE', `/api/v1/gateways/${gateway.gatewayId}`, { token: patient.token });
      expect(deleted.status).toBe(200);
      await until(() => removed, 10_000, 'gateway:removed');
      expect(link.status().state).toBe('removed');
    } finally {
      await link.stop();
      queue.close();
    }
  });
});

describe('gateway-agent run, under faults', () => {
  it('kill -9 with 1,000 queued, kill -9 mid-upload, edge restart mid-drain: every reading stored exactly once', { timeout: 180_000 }, async () => {
    const gateway = await pairOverRest(h, patient);
    // An address no simulated device has: only the seeded readings reach the edge.
    const deviceId = await addDevice(h, patient.token, gateway.gatewayId, 'bw', 'C4:7C:8D:AA:00:02');
    const { dataDir, env } = pairedAgentEnv(h.url, gateway, 'gw-faults-');
    const runs: AgentProcess[] = [];
    const start = (extra: Record<string, string> = {}) => {
      const agent = spawnAgent(['run'], { ...env, ...extra });
      runs.push(agent);
      return agent;
    };
    const kill9 = async (agent: AgentProcess) => {
      agent.child.kill('SIGKILL');
      await agent.exited;
    };
    const storedCount = async () =>
      (await h.database.db.select({ n: count(), distinct: countDistinct(measurements.id) }).from(measurements).where(eq(measurements.deviceId, deviceId)))[0]!;
    const isMsg = (msg: string) => (line: string) => logMessage(line)?.msg === msg;

    // 1. The edge is down; the agent captures 1,000 readings (seeded) and is killed holding them.
    await h.stop();
    const first = start({ OPENCARE_SEED_READINGS: '1000', OPENCARE_SEED_DEVICE: deviceId });
    await first.waitFor(isMsg('queue seeded with simulated readings'));
    await first.waitFor(isMsg('cannot reach the edge; retrying'));
    await kill9(first);
    expect((await storedCount()).n).toBe(0);

    // 2. The edge is back; the agent restarts, starts draining, and is killed mid-upload.
    await h.restart();
    const second = start();
    const opened = logMessage(await second.waitFor(isMsg('reading queue opened')));
    expect(opened).toMatchObject({ queued: 1000 });
    await second.waitFor(isMsg('batch acknowledged'));
    await kill9(second);
    const afterKill = (await storedCount()).n;

    // 3. Restarted again; the edge restarts (same database and port) in the middle of the drain.
    const drainStarted = Date.now();
    const third = start();
    const reopened = logMessage(await third.waitFor(isMsg('reading queue opened')));
    // On a fast machine the second run may have drained everything before its kill landed.
    if (Number(reopened?.queued) > 0) await third.waitFor(isMsg('batch acknowledged'));
    await h.stop();
    const atEdgeStop = (await storedCount()).n;
    await h.restart();
    await until(async () => (await storedCount()).n >= 1000 && readStatusFile(dataDir)?.queue.queued === 0 && readStatusFile(dataDir)?.queue.sending === 0, 120_000, 'the drain');
    const drainMs = Date.now() - drainStarted;
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);

    const { n, distinct } = await storedCount();
    const outcomes = runs.flatMap((r) => r.lines.map(logMessage)).filter((l) => l?.msg === 'batch acknowledged');
    const sum = (key: string) => outcomes.reduce((total, l) => total + Number(l?.[key] ?? 0), 0);
    console.log(
      `sent 1000, stored ${n}, duplicates retried ${sum('duplicate')} ` +
        `(stored before the mid-upload kill: ${afterKill}; queued at the third start: ${String(reopened?.queued)}, ` +
        `of which in doubt: ${String(reopened?.wasSending)}; stored when the edge stopped: ${atEdgeStop}; ` +
        `rejected ${sum('rejected')}; last drain with an edge restart ${drainMs} ms)`,
    );
    expect(n).toBe(1000);
    expect(distinct).toBe(1000);
    // A batch stored but killed before its acknowledgement counts as a duplicate on the retry.
    expect(sum('stored')).toBeLessThanOrEqual(1000);
    expect(sum('stored') + sum('duplicate')).toBeGreaterThanOrEqual(1000);
    expect(sum('rejected')).toBe(0);
    expect(readStatusFile(dataDir)?.queue).toMatchObject({ queued: 0, sending: 0, rejected: 0 });
  });
});
