import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket as NetSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startEdgeProcess, type EdgeProcess } from '../testing/edge-process';
import type { Json } from '../testing/test-edge';

/*
 * Issue 8, reliability 7: failover. Two edge servers (child processes) behind a round-robin TCP
 * balancer, over a PostgreSQL server and a Redis of this test's own (so they can be restarted
 * without touching the machine's shared ones), 1,000 sockets of signed-in clinicians, and a patient
 * writing readings all the while, every fifth out of range. Under that load: one edge is killed
 * (SIGKILL), Redis is killed and started again, PostgreSQL is restarted (immediate shutdown). Then:
 * how many sessions are connected again, no acknowledged write lost, exactly one alert per
 * out-of-range reading, and both edges answer again without having been restarted.
 *
 * It brings up its own servers whatever the suite's database kind, so it runs once, in the unit
 * project; it needs Debian's PostgreSQL binaries, redis-server and root (initdb runs as postgres).
 */
const SOCKETS = 1000;
const PG_BIN = '/usr/lib/postgresql/15/bin';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A PostgreSQL cluster in a temporary folder, owned by the postgres user. */
async function privatePostgres() {
  const dir = mkdtempSync(join(tmpdir(), 'failover-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asPostgres = (args: string[]) => {
    const run = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${args.join(' ')}: ${run.stderr || run.stdout}`);
  };
  asPostgres([`${PG_BIN}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const pgCtl = (...args: string[]) => asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', ...args]);
  pgCtl('-o', options, 'start');
  const admin = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe('create database opencare');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/opencare`,
    /** Immediate shutdown (no checkpoint, connections cut), then start again. */
    restart: () => pgCtl('-m', 'immediate', '-o', options, 'restart'),
    stop: () => pgCtl('-m', 'immediate', 'stop'),
  };
}

/** A Redis of its own, started and killed as a process. */
async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until(() => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG', 10_000, 'redis');
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}

/** What a load balancer does: each new connection to the next edge that accepts it. */
async function roundRobin(backends: () => number[]) {
  let next = 0;
  const server: Server = createServer((client) => {
    const ports = backends();
    const tryFrom = (attempt: number) => {
      if (attempt >= ports.length) return client.destroy();
      const port = ports[(next + attempt) % ports.length]!;
      const upstream: NetSocket = createConnection({ host: '127.0.0.1', port });
      upstream.once('connect', () => {
        next = (next + attempt + 1) % ports.length;
        client.pipe(upstream).pipe(client);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
      upstream.once('error', () => tryFrom(attempt + 1));
    };
    tryFrom(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => server.close() };
}

let pg: Awaited<ReturnType<typeof privatePostgres>>;
let redis: Awaited<ReturnType<typeof privateRedis>>;
const edges: EdgeProcess[] = [];
let balancer: Awaited<ReturnType<typeof roundRobin>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  pg = await privatePostgres();
  redis = await privateRedis();
  const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'fatal' };
  // One after the other: the first creates the schema and the demo data.
  edges.push(await startEdgeProcess({ env }));
  edges.push(await startEdgeProcess({ env }));
  balancer = await roundRobin(() => edges.map((edge) => edge.port));
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  balancer?.close();
  for (const edge of edges) await edge.kill();
  await redis?.kill();
  pg?.stop();
}, 60_000);

describe('failover', () => {
  it(`two edges and ${SOCKETS} sockets: an edge killed, Redis and PostgreSQL restarted under load`, { timeout: 600_000 }, async () => {
    const [first] = edges;
    const call = async (method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: Json }> => {
      const response = await fetch(`${balancer.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).catch(() => null);
      return response ? { status: response.status, body: await response.json().catch(() => null) } : { status: 0, body: null };
    };
    const patientToken = await first!.login('patient');
    const patientId = (await call('GET', '/api/v1/profile', patientToken)).body.data.accountId as string;
    const clinicians = await Promise.all(['physician', 'nurse', 'assistant'].map((name) => first!.login(name)));

    // 1,000 clinician sockets through the balancer; the first 20 watch the patient's timeline.
    const alertsSeen = new Map<string, number>();
    for (let i = 0; i < SOCKETS; i++) {
      const socket = io(balancer.url, {
        auth: { token: clinicians[i % clinicians.length] },
        transports: ['websocket'],
        reconnectionDelay: 500,
        reconnectionDelayMax: 2_000,
        forceNew: true,
      });
      if (i < 20) {
        socket.on('connect', () => void socket.emit('patient:watch', { patientId }, () => {}));
        if (i === 0)
          socket.on('patient:event', ({ event }: { event: { kind: string; data: { measurementId?: string } } }) => {
            const id = event.kind === 'alert' ? event.data.measurementId : undefined;
            if (id) alertsSeen.set(id, (alertsSeen.get(id) ?? 0) + 1);
          });
      }
      sockets.push(socket);
    }
    const connectedCount = () => sockets.filter((socket) => socket.connected).length;
    await until(() => connectedCount() === SOCKETS, 120_000, `${SOCKETS} sockets`);

    // The patient writes a reading every 50 ms, each with its own id, retried with the same id
    // until the edge acknowledges it (a client's own retry): every fifth is out of range.
    const acknowledged: { id: string; high: boolean }[] = [];
    let refusedAttempts = 0;
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        n += 1;
        const high = n % 5 === 0;
        const reading = { id: randomUUID(), type: 'bp', values: high ? { systolic: 185, diastolic: 105, pulse: 80 } : { systolic: 118, diastolic: 76, pulse: 70 }, takenAt: new Date().toISOString() };
        for (;;) {
          const answer = await call('POST', '/api/v1/measurements', patientToken, reading);
          if (answer.status === 201 || answer.status === 200) break;
          expect(answer.status === 0 || answer.status >= 500 || answer.status === 429, `a write answered ${answer.status}`).toBe(true);
          refusedAttempts += 1;
          await sleep(200);
        }
        acknowledged.push({ id: reading.id, high });
        await sleep(50);
      }
    })();
    const progress = async (what: string) => {
      const before = acknowledged.length;
      await until(() => acknowledged.length >= before + 10, 60_000, `writes to go on after ${what}`);
    };
    await progress('the start');

    // 1. An edge is killed: its sockets reconnect through the balancer to the other one.
    const onKilled = sockets.filter((socket) => socket.connected).length;
    const killedAt = Date.now();
    await edges[0]!.kill();
    await until(() => connectedCount() === SOCKETS, 60_000, 'the sockets of the killed edge to reconnect');
    const reconnectS = (Date.now() - killedAt) / 1000;
    await progress('the edge kill');
    // Back in the pool, started again (the one thing a dead process needs).
    await edges[0]!.start();

    // 2. Redis dies and comes back; neither edge is restarted.
    await redis.kill();
    await sleep(2_000);
    await redis.start();
    await progress('the Redis restart');

    // 3. PostgreSQL restarts with an immediate shutdown; neither edge is restarted.
    pg.restart();
    await progress('the PostgreSQL restart');
    await sleep(2_000);
    writing = false;
    await writer;

    // Both edges answer without having been restarted after the Redis and PostgreSQL restarts.
    for (const edge of edges) expect((await fetch(`${edge.url}/readyz`)).status).toBe(200);
    await until(() => connectedCount() === SOCKETS, 60_000, 'every socket connected at the end');
    const recovered = connectedCount();
    // Every session still valid: a call with each clinician's token through the balancer works.
    for (const token of clinicians) expect((await call('GET', '/api/v1/profile', token)).status).toBe(200);

    const db = postgres(pg.url, { max: 1, onnotice: () => {} });
    const ids = acknowledged.map((w) => w.id);
    const stored = await db<{ id: string }[]>`select id from measurements where id = any(${ids}::uuid[])`;
    const alertRows = await db<{ measurement_id: string; n: number }[]>`
      select measurement_id, count(*)::int as n from alerts where measurement_id = any(${ids}::uuid[]) group by measurement_id`;
    await db.end();
    const highIds = new Set(acknowledged.filter((w) => w.high).map((w) => w.id));
    const alertCount = new Map(alertRows.map((row) => [row.measurement_id, row.n]));
    const missedAlerts = [...highIds].filter((id) => !alertCount.has(id)).length;
    const duplicatedAlerts = alertRows.filter((row) => row.n > 1).length;
    const strayAlerts = alertRows.filter((row) => !highIds.has(row.measurement_id)).length;
    const liveMissed = [...highIds].filter((id) => !alertsSeen.has(id)).length;
    const liveDuplicated = [...alertsSeen.values()].filter((n) => n > 1).length;

    console.log(
      `failover: ${SOCKETS} sockets (${onKilled} connected before the kill); after an edge kill all connected again in ${reconnectS.toFixed(1)} s; ` +
        `sessions recovered ${((recovered / SOCKETS) * 100).toFixed(1)} % at the end; writes acknowledged ${acknowledged.length}, ` +
        `lost ${acknowledged.length - stored.length}, attempts refused during the faults and retried ${refusedAttempts}; ` +
        `alerts expected ${highIds.size}, missed ${missedAlerts}, duplicated ${duplicatedAlerts}, stray ${strayAlerts}; ` +
        `live alert events on one watching screen: missed ${liveMissed}, duplicated ${liveDuplicated}`,
    );
    expect(recovered).toBe(SOCKETS);
    expect(stored).toHaveLength(acknowledged.length);
    expect({ missedAlerts, duplicatedAlerts, strayAlerts }).toEqual({ missedAlerts: 0, duplicatedAlerts: 0, strayAlerts: 0 });
  });
});
