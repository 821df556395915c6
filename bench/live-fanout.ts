/**
 * Issue 8, benchmark 3: live fan-out. Target: reading accepted → provider socket p99 ≤ 3× a bare
 * Socket.IO round trip and ≤ 250 ms, at 1,000 readings/s with 1,000 provider sockets; across two
 * edges with the Redis Streams adapter ≥ 0.5× the single-edge rate, adding ≤ 20 ms to p99.
 *
 * Design (one process, one clock: `performance.now()` stamps both ends):
 * - Database: a fresh PostgreSQL database per run (DATABASE_URL, default
 *   postgres://postgres@127.0.0.1:5432/test; the bench creates `bench_live_<random>` on that server
 *   and drops it at the end), with the demo data and PATIENTS = SOCKETS / FANOUT extra patients of
 *   the demo clinic (FANOUT, default 4: each patient is watched by 4 sockets).
 * - Provider sockets: SOCKETS (default 1,000) Socket.IO clients of the people namespace (WebSocket,
 *   forceNew), signed in as the demo physician, nurse and assistant in turn (one access token each,
 *   shared by many sockets: the edge has no per-account socket limit). Socket i sends
 *   `patient:watch` for patient i mod PATIENTS (the real, audited check) and so joins its room.
 * - Readings: RATE per second (default 1,000) for DURATION seconds (default 10), round robin over
 *   the patients, each a blood pressure in the normal range (one timeline event, no alert), so each
 *   reading reaches FANOUT sockets (4,000 deliveries/s by default). Open loop: a 5 ms ticker starts
 *   the readings that are due, at most 64 at a time (the database pool has 10 connections).
 *   The ingest path is the service the REST route `POST /api/v1/measurements` calls,
 *   `recordMeasurement` (access check, audit, `saveReading`: one transaction with the timeline event,
 *   then `deps.live` publishes to the patient's room), called in process as the patient. Not over
 *   HTTP: on 2 shared cores an HTTP client and the edge in one process do not reach 1,000 POSTs/s,
 *   and the HTTP cost is benchmark 1's subject; this measures the live path.
 * - Latency, per delivery, in two spans: "accepted → socket" from the moment the transaction
 *   committed and the edge handed the event to Socket.IO (`deps.live.patientEvent`, wrapped only to
 *   read the clock) to the client's `patient:event` handler; and "service call → socket" from the
 *   call of `recordMeasurement` (so it includes the database transaction). The target applies to
 *   the first (the reading is accepted once it is committed); the second is printed too.
 * - Baseline in the same run: a bare Socket.IO server (default options, no auth, no adapter) on the
 *   same machine, SOCKETS clients joined to PATIENTS rooms the same way, emitting one message of the
 *   same shape per "reading" at RATE/s to one room; latency emit → client handler.
 * - Two edges: edges A and B over one database and one Redis (REDIS_URL, default
 *   redis://127.0.0.1:6379; the Redis Streams adapter, a namespace of its own per run); readings
 *   accepted by edge A, every provider socket on edge B, so every delivery crosses Redis. Compared
 *   with the single edge (no Redis): achieved rate ratio and p99 added.
 *
 * Before the first measured run, 100 unmeasured readings warm the path up (JIT, the driver's
 * prepared statements); the two edges share the one database pool of the first, already warm.
 *
 * Env: SOCKETS (1000), RATE (1000), DURATION (10 s), FANOUT (4); SMOKE=1 → 100 sockets, 100/s, 1 s.
 * Exits non-zero only when something breaks (not when a target is missed).
 *
 *   cd bench && nice -n 10 npx tsx live-fanout.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import type { Actor } from '@opencare/api/access/actor';
import { hashPassword } from '@opencare/api/auth/secrets';
import { openDatabase, type DatabaseHandle } from '@opencare/api/db/database';
import { organisations } from '@opencare/api/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '@opencare/api/demo/demo-data';
import { recordMeasurement } from '@opencare/api/measurements/measurements.service';
import { insertUser } from '@opencare/api/users/users.repository';
import { createEdge, type Edge } from '@opencare/edge/src/edge';
import { readEnv } from '@opencare/edge/src/env';
import { ROLES } from '@opencare/schemas/roles';
import postgres from 'postgres';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';

const SMOKE = process.env.SMOKE === '1';
const SOCKETS = Number(process.env.SOCKETS ?? (SMOKE ? 100 : 1000));
const RATE = Number(process.env.RATE ?? (SMOKE ? 100 : 1000));
const DURATION_S = Number(process.env.DURATION ?? (SMOKE ? 1 : 10));
const FANOUT = Number(process.env.FANOUT ?? 4);
const PATIENTS = Math.max(1, Math.ceil(SOCKETS / FANOUT));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX_IN_FLIGHT = 64;
const CONNECT_BATCH = 50;
/** How long deliveries may still arrive after the last reading was accepted. */
const SETTLE_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Figures

interface RunFigures {
  name: string;
  /** Readings (or bare messages) started, and accepted (the service returned). */
  sent: number;
  accepted: number;
  /** Seconds from the first reading started to the last accepted. */
  seconds: number;
  /** Readings delivered to all their watchers per second: deliveries / FANOUT over first start → last delivery. */
  deliveredPerS: number;
  expected: number;
  delivered: number;
  /** accepted → socket (bare: emit → socket), ms. */
  latency: number[];
  /** service call → socket, ms (edge runs only). */
  endToEnd: number[];
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

// ---------------------------------------------------------------------------------------------
// Clients

/** Connects `count` clients, CONNECT_BATCH at a time; `auth(i)` is the handshake of client i. */
async function connectClients(url: string, count: number, auth: (i: number) => Record<string, unknown>): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, (_, k) => {
      const socket = connect(url, { auth: auth(start + k), transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(new Error(`socket ${start + k} refused: ${error.message}`)));
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

/**
 * Receives `patient:event` on every socket: the receive time of each delivery, keyed by the
 * reading's id (the measurement event's refId). Stamped first thing in the handler.
 */
function listen(sockets: Socket[]) {
  const received = new Map<string, number[]>();
  let count = 0;
  let lastAt = 0;
  for (const socket of sockets) {
    socket.on('patient:event', (payload: { event: { kind: string; refId: string | null } }) => {
      const at = performance.now();
      if (payload.event.kind !== 'measurement' || !payload.event.refId) return;
      const times = received.get(payload.event.refId);
      if (times) times.push(at);
      else received.set(payload.event.refId, [at]);
      count++;
      lastAt = at;
    });
  }
  return { received, delivered: () => count, lastAt: () => lastAt };
}

async function waitForDeliveries(delivered: () => number, expected: number): Promise<void> {
  const deadline = performance.now() + SETTLE_MS;
  while (delivered() < expected && performance.now() < deadline) await sleep(20);
}

/**
 * Open loop at RATE/s for DURATION_S: every 5 ms, start the readings that are due (at most
 * MAX_IN_FLIGHT unfinished). Returns once every reading started has finished.
 */
async function drive(send: (seq: number) => Promise<void>): Promise<{ sent: number; accepted: number; failures: number; seconds: number; startedAt: number; firstError?: unknown }> {
  const total = Math.round(RATE * DURATION_S);
  const started = performance.now();
  let sent = 0;
  let accepted = 0;
  let failures = 0;
  let inFlight = 0;
  let lastAccepted = started;
  let firstError: unknown;
  const pending = new Set<Promise<void>>();
  while (sent < total && performance.now() - started < DURATION_S * 1000 * 3) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
    while (sent < due && inFlight < MAX_IN_FLIGHT) {
      const seq = sent++;
      inFlight++;
      const task = send(seq).then(
        () => {
          accepted++;
          lastAccepted = performance.now();
        },
        (error: unknown) => {
          failures++;
          firstError ??= error;
        },
      );
      const tracked = task.finally(() => {
        inFlight--;
        pending.delete(tracked);
      });
      pending.add(tracked);
    }
    await sleep(5);
  }
  await Promise.all([...pending]);
  return { sent, accepted, failures, seconds: (lastAccepted - started) / 1000, startedAt: started, firstError };
}

// ---------------------------------------------------------------------------------------------
// Baseline: bare Socket.IO

async function bareRun(): Promise<RunFigures> {
  const http = createServer();
  const server = new Server(http, { serveClient: false });
  server.on('connection', (socket) => {
    void socket.join(`patient:${String(socket.handshake.auth.room)}`);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sockets = await connectClients(url, SOCKETS, (i) => ({ room: i % PATIENTS }));
  const { received, delivered, lastAt } = listen(sockets);
  const emittedAt = new Map<string, number>();
  const at = new Date().toISOString();
  const run = await drive((seq) => {
    const patientId = `p${seq % PATIENTS}`;
    const refId = `r${seq}`;
    emittedAt.set(refId, performance.now());
    server.to(`patient:${seq % PATIENTS}`).emit('patient:event', {
      patientId,
      event: { id: String(seq), kind: 'measurement', refId, at, data: { type: 'bp', values: { systolic: 120, diastolic: 80 }, rangeClass: 'normal' } },
    });
    return Promise.resolve();
  });
  const expected = run.accepted * FANOUT;
  await waitForDeliveries(delivered, expected);
  const latency: number[] = [];
  for (const [refId, times] of received) for (const t of times) latency.push(t - emittedAt.get(refId)!);
  for (const socket of sockets) socket.disconnect();
  await server.close();
  const deliveredPerS = delivered() / FANOUT / ((lastAt() - run.startedAt) / 1000);
  return { name: 'bare Socket.IO (emit → socket)', ...run, expected, delivered: delivered(), deliveredPerS, latency, endToEnd: [] };
}

// ---------------------------------------------------------------------------------------------
// The edge

interface Patient {
  actor: Actor;
}

/** A fresh database on the PostgreSQL server, with the demo data and PATIENTS more patients. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; patients: Patient[]; drop(): Promise<void> }> {
  const name = `bench_live_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await seedDemoData(handle.db);
  const [clinic] = await handle.db.select({ id: organisations.id }).from(organisations).limit(1);
  if (!clinic) throw new Error('the demo data has no organisation');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const patients: Patient[] = [];
  for (let i = 0; i < PATIENTS; i++) {
    const username = `benchpatient${i}`;
    const userId = await insertUser(handle.db, { username, email: `${username}@bench.opencare.test`, passwordHash, isVerified: true });
    const accountId = await insertAccount(
      handle.db,
      { userId, organisationId: clinic.id, accountType: 'pat', isDefault: true },
      { firstName: 'Bench', lastName: `Patient ${i}`, timezone: 'America/New_York' },
      [ROLES.Patient],
    );
    // The patient as the REST route would see them after authentication (one session each).
    patients.push({ actor: { userId, sessionId: randomUUID(), accountId, organisationId: clinic.id, accountType: 'pat', roles: [ROLES.Patient] } });
  }
  return {
    handle,
    patients,
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function startEdge(database: DatabaseHandle, redis: { url: string; namespace: string } | null): Promise<{ edge: Edge; url: string }> {
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-live-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: join(tmpdir(), 'no-web-here'),
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(redis ? { REDIS_URL: redis.url } : {}),
  });
  // The database outlives the edges: it is dropped once, at the end.
  const edge = await createEdge(env, { database: { ...database, close: () => Promise.resolve() }, namespace: redis?.namespace ?? `bench-${randomBytes(4).toString('hex')}` });
  await edge.app.listen({ host: '127.0.0.1', port: 0 });
  return { edge, url: `http://127.0.0.1:${(edge.app.server.address() as AddressInfo).port}` };
}

async function login(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const token = response.headers.get('x-access-token');
  if (response.status !== 200 || !token) throw new Error(`login ${username} failed: ${response.status} ${await response.text()}`);
  return token;
}

/** SOCKETS provider sockets on the edge at `url`, socket i watching patient i mod PATIENTS. */
async function providerSockets(url: string, patients: Patient[]) {
  const tokens = await Promise.all(['physician', 'nurse', 'assistant'].map((username) => login(url, username)));
  const sockets = await connectClients(url, SOCKETS, (i) => ({ token: tokens[i % tokens.length] }));
  // Each socket watches its patient, through the real (checked and audited) event.
  for (let start = 0; start < sockets.length; start += CONNECT_BATCH) {
    await Promise.all(
      sockets.slice(start, start + CONNECT_BATCH).map(async (socket, k) => {
        const patientId = patients[(start + k) % PATIENTS]!.actor.accountId;
        const ack = (await socket.timeout(10_000).emitWithAck('patient:watch', { patientId })) as { data?: unknown; error?: string };
        if (!ack.data) throw new Error(`patient:watch refused: ${JSON.stringify(ack)}`);
      }),
    );
  }
  return sockets;
}

/**
 * One measured run against `sockets` (on the same edge as `ingestEdge`, or on the other one of a
 * pair). `service`: readings through `recordMeasurement` on `ingestEdge`. `channel`: the event that
 * service publishes after its commit, handed straight to `ingestEdge.deps.live` (no database), to
 * see what the fan-out alone sustains at RATE/s.
 */
async function edgeRun(name: string, mode: 'service' | 'channel', ingestEdge: Edge, sockets: Socket[], patients: Patient[]): Promise<RunFigures> {
  const { received, delivered, lastAt } = listen(sockets);

  // The moment each reading is committed and handed to Socket.IO (the wrapper only reads the clock).
  const publishedAt = new Map<string, number>();
  const live = ingestEdge.deps.live;
  const publish = live.patientEvent.bind(live);
  live.patientEvent = (event) => {
    if (event.event.refId) publishedAt.set(event.event.refId, performance.now());
    publish(event);
  };
  const calledAt = new Map<string, number>();
  const meta = { ip: '127.0.0.1', requestId: 'bench', userAgent: 'bench/live-fanout' };
  const at = new Date().toISOString();
  const run = await drive(async (seq) => {
    const patient = patients[seq % PATIENTS]!;
    const id = randomUUID();
    calledAt.set(id, performance.now());
    if (mode === 'channel') {
      live.patientEvent({
        organisationId: patient.actor.organisationId,
        patientId: patient.actor.accountId,
        event: { id: String(seq), kind: 'measurement', refId: id, at, data: { type: 'bp', values: { systolic: 118, diastolic: 76 }, rangeClass: 'normal' } },
      });
      return;
    }
    const saved = await recordMeasurement(ingestEdge.deps, patient.actor, meta, { id, type: 'bp', values: { systolic: 118, diastolic: 76 } });
    if (!saved.created) throw new Error('a new reading was answered as a replay');
  });
  live.patientEvent = publish;
  if (run.firstError) console.error(`${name}: first failure:`, run.firstError);
  const expected = run.accepted * FANOUT;
  await waitForDeliveries(delivered, expected);

  const latency: number[] = [];
  const endToEnd: number[] = [];
  for (const [refId, times] of received) {
    if (!calledAt.has(refId)) continue;
    for (const t of times) {
      latency.push(t - publishedAt.get(refId)!);
      if (mode === 'service') endToEnd.push(t - calledAt.get(refId)!);
    }
  }
  for (const socket of sockets) socket.removeAllListeners('patient:event');
  const deliveredPerS = delivered() / FANOUT / ((lastAt() - run.startedAt) / 1000);
  return { name, ...run, expected, delivered: delivered(), deliveredPerS, latency, endToEnd };
}

/** 100 readings, 10 at a time, nobody timing them. */
async function warmUp(edge: Edge, patients: Patient[]): Promise<void> {
  const meta = { ip: '127.0.0.1', requestId: 'bench-warm-up', userAgent: 'bench/live-fanout' };
  let next = 0;
  const worker = async () => {
    while (next < 100) {
      const patient = patients[next++ % PATIENTS]!;
      await recordMeasurement(edge.deps, patient.actor, meta, { id: randomUUID(), type: 'bp', values: { systolic: 118, diastolic: 76 } });
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  await sleep(1_000); // their deliveries arrive before anyone listens
}

// ---------------------------------------------------------------------------------------------

console.log(
  `live fan-out: ${SOCKETS} sockets, ${PATIENTS} patients × ${FANOUT} watchers, ${RATE} readings/s for ${DURATION_S} s; node ${process.version}`,
);
const runs: RunFigures[] = [];
runs.push(await bareRun());

const database = await freshDatabase();
try {
  const single = await startEdge(database.handle, null);
  try {
    const sockets = await providerSockets(single.url, database.patients);
    await warmUp(single.edge, database.patients);
    runs.push(await edgeRun('one edge, live channel only', 'channel', single.edge, sockets, database.patients));
    runs.push(await edgeRun('one edge, readings', 'service', single.edge, sockets, database.patients));
    for (const socket of sockets) socket.disconnect();
  } finally {
    await single.edge.close();
  }

  const namespace = `bench-live-${randomBytes(4).toString('hex')}`;
  const a = await startEdge(database.handle, { url: REDIS_URL, namespace });
  const b = await startEdge(database.handle, { url: REDIS_URL, namespace });
  try {
    const sockets = await providerSockets(b.url, database.patients);
    runs.push(await edgeRun('two edges (A → Redis → B), live channel only', 'channel', a.edge, sockets, database.patients));
    runs.push(await edgeRun('two edges (A → Redis → B), readings', 'service', a.edge, sockets, database.patients));
    for (const socket of sockets) socket.disconnect();
  } finally {
    await a.edge.close();
    await b.edge.close();
  }
} finally {
  await database.drop();
}

// ---------------------------------------------------------------------------------------------
// Report

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : '—');
const perS = (n: number) => (Number.isFinite(n) ? Math.round(n) : '—');
const rateOf = (r: RunFigures) => r.accepted / r.seconds;
const [bare, oneChannel, oneReadings, twoChannel, twoReadings] = runs as [RunFigures, RunFigures, RunFigures, RunFigures, RunFigures];
const bareP99 = summary(bare.latency).p99;
const rows: Record<string, Record<string, string | number>> = {};
for (const r of runs) {
  const s = summary(r.latency);
  rows[r.name] = {
    'target /s': RATE,
    'accepted /s': perS(rateOf(r)),
    'delivered /s': perS(r.deliveredPerS),
    'deliveries': `${r.delivered}/${r.expected}`,
    'p50': ms(s.p50),
    'p95': ms(s.p95),
    'p99': ms(s.p99),
    'max': ms(s.max),
    'p99 / bare': (s.p99 / bareP99).toFixed(2),
  };
  if (r.endToEnd.length > 0) {
    const e = summary(r.endToEnd);
    rows[`  ${r.name}: service call → socket`] = { 'p50': ms(e.p50), 'p95': ms(e.p95), 'p99': ms(e.p99), 'max': ms(e.max), 'p99 / bare': (e.p99 / bareP99).toFixed(2) };
  }
}
console.log('latency: accepted (committed, handed to Socket.IO) → provider socket; bare: emit → socket');
console.table(rows);

const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
for (const [label, one, two] of [
  ['live channel only', oneChannel, twoChannel],
  ['readings', oneReadings, twoReadings],
] as const) {
  const oneP99 = summary(one.latency).p99;
  const twoP99 = summary(two.latency).p99;
  console.log(
    `${label}: one edge ${perS(one.deliveredPerS)}/s of ${RATE}/s (${check(one.deliveredPerS >= 0.95 * RATE)}), p99 ${ms(oneP99)} ≤ 3× bare ${ms(3 * bareP99)}: ${check(oneP99 <= 3 * bareP99)}, ≤ 250 ms: ${check(oneP99 <= 250)}; ` +
      `two edges ${(two.deliveredPerS / one.deliveredPerS).toFixed(2)}× the rate (≥ 0.5×): ${check(two.deliveredPerS >= 0.5 * one.deliveredPerS)}, p99 +${ms(twoP99 - oneP99)} (≤ 20 ms): ${check(twoP99 - oneP99 <= 20)}`,
  );
}

const broken = runs.filter((r) => r.failures > 0 || r.accepted === 0 || r.delivered < r.expected);
if (broken.length > 0) {
  for (const r of broken) console.error(`BROKEN: ${r.name}: ${r.failures} failed readings, ${r.delivered}/${r.expected} deliveries`);
  process.exit(1);
}
process.exit(0);
