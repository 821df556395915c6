/**
 * Issue 8, benchmark 2: ingest. READINGS blood-pressure readings uploaded the way a home gateway
 * uploads them, in batches of 100 (GATEWAY_UPLOAD_MAX) over the `/gateways` Socket.IO namespace
 * (`readings:upload`, one batch in flight at a time, as the agent's drain loop sends), each reading
 * with its own id, which is its idempotency key. Target: ≥ 0.50× the rows/s of a direct in-process
 * insert of the same rows, and 0 duplicates.
 *
 * Baseline (issue 20): the same rows (same ids, values, times) and their timeline events inserted
 * by drizzle straight into `measurements` and `patient_events` of a second fresh database: per batch
 * one transaction, one INSERT … ON CONFLICT (id) DO NOTHING of the 100 readings and one insert of
 * the events of those it stored (the least an idempotent store with a timeline can do), batches one
 * after another.
 *
 * Also measured, to show where the time goes: the same service the socket handler calls
 * (uploadReadings) called in-process on the edge, without the socket. Per batch it validates each
 * reading, checks the gateway, the patient and the devices, looks the ids up (idempotency) and reads
 * the patient's thresholds; then in one transaction it claims the ids, stores the readings, makes and
 * completes the tasks they are for, writes their timeline events (and alerts when out of range) in
 * multi-row statements; then reads them back, notes the devices' last readings and writes one audit
 * entry.
 *
 * After a warm-up batch down each path (not counted), the three paths take turns batch by batch, so a
 * burst of other load on the machine hits all three alike; each path's time is the sum of its
 * batches. Then: rows counted (exactly READINGS per path, one per id, one per time, and one timeline
 * event per reading); one batch sent again over the socket: every reading answered
 * `duplicate`, 0 rows added. Lost or doubled rows, or a replay that writes, fail the run.
 *
 * One process: the edge, the socket client and the baseline. Batches go one at a time and the client
 * waits for each acknowledgement, so client and server never run at once; nothing competes for the
 * event loop that a separate process would spare (unlike benchmark 1's concurrent load).
 *
 *   cd bench && nice -n 10 npx tsx ingest.ts          (or: npm run ingest -w @opencare/bench)
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; two fresh databases are
 *        created and dropped), READINGS (10000), SMOKE=1 (500 readings: CI).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { io } from 'socket.io-client';
import { openDatabase, type DatabaseHandle } from '@opencare/api/db/database';
import { accounts, measurements, patientEvents, users } from '@opencare/api/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '@opencare/api/demo/demo-data';
import { uploadReadings } from '@opencare/api/gateways/gateway-readings';
import { GATEWAY_UPLOAD_MAX, type ReadingOutcome } from '@opencare/schemas/entities/gateways';
import { createEdge, type Edge } from '@opencare/edge/src/edge';
import { readEnv } from '@opencare/edge/src/env';
import { gatewayInfo, randomMac, randomPairingCode, type AgentSocket } from '@opencare/edge/src/testing/gateway-fixtures';

const SMOKE = process.env.SMOKE === '1';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const READINGS = Number(process.env.READINGS ?? (SMOKE ? 500 : 10_000));
const BATCH = GATEWAY_UPLOAD_MAX;
const TARGET = 0.5;

interface BpReading {
  id: string;
  type: 'bp';
  values: { systolic: number; diastolic: number; pulse: number };
  takenAt: string;
}

/** n readings a cuff took, a second apart and ending a minute ago, all in the normal range (no alerts). */
function cuffReadings(n: number): BpReading[] {
  const end = Date.now() - 60_000;
  return Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    type: 'bp' as const,
    values: { systolic: 100 + (i % 19), diastolic: 62 + (i % 17), pulse: 55 + (i % 40) },
    takenAt: new Date(end - (n - i) * 1000).toISOString(),
  }));
}

const batchesOf = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, k) => items.slice(k * BATCH, (k + 1) * BATCH));

/** A fresh, migrated database of its own on the server, dropped by `drop` (after the handle is closed). */
async function freshDatabase(label: string): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const name = `bench_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  try {
    return { handle: await openDatabase({ url: url.toString() }), drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** The demo patient's account and organisation. */
async function demoPatientOf(handle: DatabaseHandle) {
  const [row] = await handle.db
    .select({ accountId: accounts.id, organisationId: accounts.organisationId })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(users.username, 'patient'), eq(accounts.isDefault, true)));
  if (!row) throw new Error('no demo patient');
  return row;
}

interface Counted {
  rows: number;
  ids: number;
  times: number;
  events: number;
}

async function countRows(handle: DatabaseHandle, deviceId: string): Promise<Counted> {
  const [row] = await handle.db
    .select({
      rows: sql<number>`count(*)::int`,
      ids: sql<number>`count(distinct ${measurements.id})::int`,
      times: sql<number>`count(distinct ${measurements.takenAt})::int`,
    })
    .from(measurements)
    .where(eq(measurements.deviceId, deviceId));
  const [events] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(patientEvents)
    .where(
      and(
        eq(patientEvents.kind, 'measurement'),
        inArray(
          patientEvents.refId,
          handle.db.select({ id: sql<string>`${measurements.id}::text` }).from(measurements).where(eq(measurements.deviceId, deviceId)),
        ),
      ),
    );
  return { rows: row?.rows ?? 0, ids: row?.ids ?? 0, times: row?.times ?? 0, events: events?.n ?? 0 };
}

/** Stored, duplicate, held for review and rejected among a batch's outcomes. */
function tally(outcomes: ReadingOutcome[], into = { stored: 0, duplicate: 0, held: 0, rejected: 0 }) {
  for (const outcome of outcomes) into[outcome.status]++;
  return into;
}

// ---------------------------------------------------------------------------------------------
// Baseline: the rows straight into the table.
// ---------------------------------------------------------------------------------------------

/** A batch of readings inserted as rows with their timeline events, 100 per statement, in one transaction, idempotent on the id. */
async function insertRows(handle: DatabaseHandle, patient: { accountId: string; organisationId: string }, deviceId: string, batch: BpReading[]) {
  await handle.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(measurements)
      .values(
        batch.map((r) => ({
          id: r.id,
          organisationId: patient.organisationId,
          patientAccountId: patient.accountId,
          type: r.type,
          values: r.values,
          takenAt: new Date(r.takenAt),
          source: 'gateway' as const,
          deviceId,
          rangeClass: 'normal',
          createdByAccountId: null,
        })),
      )
      .onConflictDoNothing({ target: measurements.id })
      .returning({ id: measurements.id });
    const stored = new Set(inserted.map((row) => row.id));
    const events = batch
      .filter((r) => stored.has(r.id))
      .map((r) => ({
        organisationId: patient.organisationId,
        patientAccountId: patient.accountId,
        kind: 'measurement' as const,
        refId: r.id,
        at: new Date(r.takenAt),
        data: { type: r.type, values: r.values, rangeClass: 'normal' },
      }));
    if (events.length > 0) await tx.insert(patientEvents).values(events);
  });
}

// ---------------------------------------------------------------------------------------------
// The edge: a paired gateway with two cuffs, as a patient sets one up.
// ---------------------------------------------------------------------------------------------

async function startEdge(handle: DatabaseHandle): Promise<{ edge: Edge; url: string }> {
  await seedDemoData(handle.db);
  const env = readEnv({
    NODE_ENV: 'production',
    // A benchmark sends no mail; production refuses to start without a mail server otherwise.
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-ingest-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: join(tmpdir(), 'no-web-here'),
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const edge = await createEdge(env, { database: handle });
  await edge.app.listen({ host: '127.0.0.1', port: 0 });
  const address = edge.app.server.address();
  return { edge, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read field by field
type Json = any;

async function call(url: string, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body: Json = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, body };
}

/** The patient signs in, pairs a gateway (agent request, patient adds it, agent collects its token) and adds two cuffs. */
async function pairGateway(url: string) {
  const login = await call(url, 'POST', '/api/v1/auth/login', { body: { username: 'patient', password: DEMO_PASSWORD } });
  const token = login.headers.get('x-access-token');
  if (login.status !== 200 || !token) throw new Error(`patient login failed: ${login.status}`);
  const patientId = (await call(url, 'GET', '/api/v1/profile', { token })).body.data.accountId as string;
  const mac = randomMac();
  const pairingCode = randomPairingCode();
  const info = gatewayInfo();
  const pending = await call(url, 'POST', '/api/v1/patients/gateways/request-token', { body: { mac, pairingCode, info } });
  if (pending.status !== 200) throw new Error(`request-token: ${pending.status} ${JSON.stringify(pending.body)}`);
  const added = await call(url, 'POST', `/api/v1/patients/${patientId}/gateways`, { token, body: { mac, pairingCode, displayName: 'Bench' } });
  if (added.status !== 201) throw new Error(`add gateway: ${added.status} ${JSON.stringify(added.body)}`);
  const paired = await call(url, 'POST', '/api/v1/patients/gateways/request-token', { body: { mac, pairingCode, info } });
  if (paired.body?.data?.status !== 'paired') throw new Error(`no gateway token: ${JSON.stringify(paired.body)}`);
  const gatewayId = paired.body.data.gatewayId as string;

  const profiles = await call(url, 'GET', '/api/v1/devices/profiles', { token });
  const cuffProfile = (profiles.body.data as { profileId: string; measurement: string }[]).find((p) => p.measurement === 'bp');
  if (!cuffProfile) throw new Error('no blood-pressure profile');
  const addCuff = async (address: string) => {
    const res = await call(url, 'POST', '/api/v1/devices', {
      token,
      body: { gatewayId, address, name: `Cuff ${address}`, profileId: cuffProfile.profileId },
    });
    if (res.status !== 201) throw new Error(`add device: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id as string;
  };
  return {
    gatewayId,
    gatewayToken: paired.body.data.token as string,
    info,
    socketCuff: await addCuff('C4:7C:8D:BE:00:01'),
    serviceCuff: await addCuff('C4:7C:8D:BE:00:02'),
    warmCuff: await addCuff('C4:7C:8D:BE:00:03'),
  };
}

type Ack<T> = { data: T } | { error: string; message: string };

function ask<T>(socket: AgentSocket, event: string, payload: unknown): Promise<Ack<T>> {
  const timed = socket.timeout(120_000) as unknown as { emitWithAck(ev: string, p: unknown): Promise<Ack<T>> };
  return timed.emitWithAck(event, payload);
}

type Tally = ReturnType<typeof tally>;

/** One batch over the socket, as the agent sends it; its outcomes added to `into`. */
async function sendBatch(socket: AgentSocket, deviceId: string, batch: BpReading[], into: Tally) {
  const ack = await ask<{ outcomes: ReadingOutcome[] }>(socket, 'readings:upload', {
    readings: batch.map((reading) => ({ deviceId, reading })),
  });
  if (!('data' in ack)) throw new Error(`upload refused: ${JSON.stringify(ack)}`);
  tally(ack.data.outcomes, into);
}

interface Timer {
  ms: number;
  /** CPU time of this process (user + system) meanwhile: what is not this process is PostgreSQL or waiting. */
  cpuMs: number;
}

/** Time spent in `work`, added to the timer. */
async function timed(timer: Timer, work: () => Promise<unknown>) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  timer.ms += performance.now() - started;
  const used = process.cpuUsage(cpu);
  timer.cpuMs += (used.user + used.system) / 1000;
}

async function main() {
  const readings = cuffReadings(READINGS);
  const serviceReadings = cuffReadings(READINGS);
  console.log(
    `ingest: ${READINGS} blood-pressure readings per path in batches of ${BATCH}, one batch at a time, ` +
      `the three paths taking turns batch by batch; PostgreSQL; node ${process.version}`,
  );

  const baseline = await freshDatabase('ingest_direct');
  let edgeDatabase: Awaited<ReturnType<typeof freshDatabase>>;
  try {
    edgeDatabase = await freshDatabase('ingest_edge');
  } catch (error) {
    await baseline.handle.close();
    await baseline.drop();
    throw error;
  }
  const { handle } = edgeDatabase;
  let edge: Edge | undefined;
  let socket: AgentSocket | undefined;
  try {
    await seedDemoData(baseline.handle.db);
    const basePatient = await demoPatientOf(baseline.handle);
    const baseDevice = randomUUID();

    const started = await startEdge(handle);
    edge = started.edge;
    const deps = edge.deps;
    const gateway = await pairGateway(started.url);
    socket = io(`${started.url}/gateways`, {
      auth: { token: gateway.gatewayToken },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const agent = socket;
    await new Promise<void>((resolve, reject) => {
      agent.once('connect', () => resolve());
      agent.once('connect_error', (error) => reject(error));
    });
    const hello = await ask(agent, 'gateway:hello', { info: gateway.info });
    if (!('data' in hello)) throw new Error(`hello refused: ${JSON.stringify(hello)}`);

    const meta = { ip: '127.0.0.1', requestId: 'bench-ingest', userAgent: 'bench' };
    const serviceBatch = (deviceId: string, batch: BpReading[], into: Tally) =>
      uploadReadings(deps, meta, gateway.gatewayId, batch.map((reading) => ({ deviceId, reading }))).then((outcomes) => tally(outcomes, into));

    // Warm-up, not counted: one batch down each path, on a cuff of its own (code compiled, statements prepared).
    const warm = { stored: 0, duplicate: 0, held: 0, rejected: 0 };
    await insertRows(baseline.handle, basePatient, randomUUID(), cuffReadings(BATCH));
    await sendBatch(agent, gateway.warmCuff, cuffReadings(BATCH), warm);
    await serviceBatch(gateway.warmCuff, cuffReadings(BATCH), warm);
    if (warm.stored !== 2 * BATCH) throw new Error(`warm-up: ${JSON.stringify(warm)}`);

    const direct: Timer = { ms: 0, cpuMs: 0 };
    const overSocket: Timer = { ms: 0, cpuMs: 0 };
    const inProcess: Timer = { ms: 0, cpuMs: 0 };
    const socketOutcomes = { stored: 0, duplicate: 0, held: 0, rejected: 0 };
    const serviceOutcomes = { stored: 0, duplicate: 0, held: 0, rejected: 0 };
    const serviceBatches = batchesOf(serviceReadings);
    for (const [k, batch] of batchesOf(readings).entries()) {
      await timed(direct, () => insertRows(baseline.handle, basePatient, baseDevice, batch));
      await timed(overSocket, () => sendBatch(agent, gateway.socketCuff, batch, socketOutcomes));
      await timed(inProcess, () => serviceBatch(gateway.serviceCuff, serviceBatches[k] ?? [], serviceOutcomes));
    }
    const directCounted = await countRows(baseline.handle, baseDevice);
    const socketCounted = await countRows(handle, gateway.socketCuff);
    const serviceCounted = await countRows(handle, gateway.serviceCuff);

    // A retry of a batch the edge has stored (its acknowledgement lost): nothing new.
    const replayBatch = readings.slice(0, BATCH);
    const replay = { stored: 0, duplicate: 0, held: 0, rejected: 0 };
    await sendBatch(agent, gateway.socketCuff, replayBatch, replay);
    const afterReplay = await countRows(handle, gateway.socketCuff);

    const rate = (timer: Timer) => READINGS / (timer.ms / 1000);
    const said = (o: Tally) => `${o.stored} stored, ${o.duplicate} dup, ${o.rejected} rejected`;
    const row = (timer: Timer, counted: Counted, outcomes: string) => ({
      'rows/s': Math.round(rate(timer)),
      seconds: Number((timer.ms / 1000).toFixed(2)),
      'node CPU ms/reading': Number((timer.cpuMs / READINGS).toFixed(2)),
      'wall ms/reading': Number((timer.ms / READINGS).toFixed(2)),
      rows: counted.rows,
      'distinct ids': counted.ids,
      'distinct times': counted.times,
      'timeline events': counted.events,
      outcomes,
    });
    console.table({
      'direct insert (baseline)': row(direct, directCounted, 'rows and events only'),
      'gateway socket upload': row(overSocket, socketCounted, said(socketOutcomes)),
      'uploadReadings in-process': row(inProcess, serviceCounted, said(serviceOutcomes)),
    });
    console.log(`replay of one batch of ${replayBatch.length} over the socket: ${said(replay)}; rows ${socketCounted.rows} → ${afterReplay.rows}`);
    const ratio = rate(overSocket) / rate(direct);
    console.log(`socket upload / direct insert: ${ratio.toFixed(2)}× (target ≥ ${TARGET.toFixed(2)}×) ${ratio >= TARGET ? 'met' : 'NOT met'}`);
    console.log(
      `in-process service / direct insert: ${(rate(inProcess) / rate(direct)).toFixed(2)}×; socket / in-process service: ${(rate(overSocket) / rate(inProcess)).toFixed(2)}×`,
    );
    const duplicates = socketCounted.rows - socketCounted.ids + (socketCounted.ids - socketCounted.times) + (afterReplay.rows - socketCounted.rows);
    console.log(`duplicates stored over the socket (same id, same reading under two ids, or added by the replay): ${duplicates}`);

    // Breakage, not a missed target: readings lost, stored twice, or a retry that wrote.
    const problems: string[] = [];
    for (const [label, counted, outcomes, events] of [
      ['direct insert', directCounted, null, true],
      ['socket upload', socketCounted, socketOutcomes, true],
      ['in-process service', serviceCounted, serviceOutcomes, true],
    ] as const) {
      if (counted.rows !== READINGS || counted.ids !== READINGS || counted.times !== READINGS || (events && counted.events !== READINGS))
        problems.push(`${label}: ${JSON.stringify(counted)}, expected ${READINGS} of each`);
      if (outcomes && outcomes.stored !== READINGS) problems.push(`${label}: outcomes ${said(outcomes)}`);
    }
    if (replay.duplicate !== replayBatch.length) problems.push(`replay: ${said(replay)}`);
    if (afterReplay.rows !== socketCounted.rows) problems.push(`replay added ${afterReplay.rows - socketCounted.rows} rows`);
    if (problems.length > 0) throw new Error(`ingest broke:\n  ${problems.join('\n  ')}`);
  } finally {
    socket?.disconnect();
    // The edge closes its database; without an edge, close it here.
    if (edge) await edge.close();
    else await handle.close();
    await edgeDatabase.drop();
    await baseline.handle.close();
    await baseline.drop();
  }
}

await main();
