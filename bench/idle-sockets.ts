/**
 * Issue 8, benchmark 4: connections. Target: 10,000 idle authenticated sockets on one edge, heap
 * per socket ≤ 2× plain Socket.IO (about 20 KB); connects per second reported for both.
 *
 * Design:
 * - Each server runs alone in a child process (this file again, `IDLE_SOCKETS_ROLE=edge|plain`,
 *   started with `node --expose-gc --import tsx`), so its heap is measured alone. Asked over IPC, the
 *   child runs `global.gc()` (three times) and answers `process.memoryUsage()`.
 *   - edge: the real edge (`createEdge`, as in production apart from a silent log), over a fresh
 *     PostgreSQL database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; the child
 *     creates `bench_idle_<random>` with the demo data and drops it at the end), no Redis.
 *   - plain: `new Server(httpServer)` with default options and no authentication: the baseline.
 * - Clients: SOCKETS socket.io-client sockets in this process (transports ['websocket'],
 *   forceNew, no reconnection), at most 200 handshakes in flight. Authenticated = the people
 *   namespace with a valid access token: the demo physician logs in once over REST and every socket
 *   reuses that token (the edge allows many sockets per session, as a user's tabs and devices do).
 * - Heap per socket = (heapUsed after gc with SOCKETS connected − heapUsed after gc before) / SOCKETS,
 *   and the same for RSS. Connects per second = SOCKETS / (first handshake started → last connected).
 * - File descriptors: each process holds one per socket (this one SOCKETS client sockets, the child
 *   SOCKETS server sockets); the script checks the soft limit (`ulimit -n`, 20,000 on the machine of
 *   the figures) and refuses a SOCKETS above it rather than failing half way.
 *
 * Env: SOCKETS (default 10000); SMOKE=1 → 500. Exits non-zero only when something breaks.
 *
 *   cd bench && nice -n 10 npx tsx idle-sockets.ts
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@opencare/api/db/database';
import { DEMO_PASSWORD, seedDemoData } from '@opencare/api/demo/demo-data';
import { createEdge } from '@opencare/edge/src/edge';
import { readEnv } from '@opencare/edge/src/env';
import postgres from 'postgres';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';

const SMOKE = process.env.SMOKE === '1';
const SOCKETS = Number(process.env.SOCKETS ?? (SMOKE ? 500 : 10_000));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const IN_FLIGHT = 200;
const TARGET_RATIO = 2;

type Role = 'edge' | 'plain';
type ToChild = { type: 'heap' } | { type: 'stop' };
type FromChild = { type: 'ready'; url: string } | { type: 'heap'; memory: NodeJS.MemoryUsage };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The child: one server, its heap on request

async function runChild(role: Role): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  let stop: () => Promise<void>;
  let url: string;
  if (role === 'plain') {
    const http = createServer();
    const server = new Server(http, { serveClient: false });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    stop = async () => {
      await server.close();
    };
  } else {
    const name = `bench_idle_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const dbUrl = new URL(DATABASE_URL);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ url: dbUrl.toString() });
    await seedDemoData(database.db);
    const env = readEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-idle-')),
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST: join(tmpdir(), 'no-web-here'),
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    const edge = await createEdge(env, { database, namespace: `bench-idle-${randomBytes(4).toString('hex')}` });
    await edge.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(edge.app.server.address() as AddressInfo).port}`;
    // The sockets are many; their disconnects (presence bookkeeping) are not what is measured:
    // the database is dropped under the edge and the process exits.
    stop = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  process.on('message', (message: ToChild) => {
    if (message.type === 'heap') {
      for (let i = 0; i < 3; i++) global.gc?.();
      send({ type: 'heap', memory: process.memoryUsage() });
    } else {
      void stop().finally(() => process.exit(0));
    }
  });
  send({ type: 'ready', url });
}

// ---------------------------------------------------------------------------------------------
// The bench process: clients and figures

function startChild(role: Role): Promise<{ child: ChildProcess; url: string; ask(): Promise<NodeJS.MemoryUsage>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, IDLE_SOCKETS_ROLE: role },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = (): Promise<FromChild> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the ${role} server exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: FromChild) => {
        child.off('exit', onExit);
        resolve(message);
      });
    });
  return next().then((ready) => {
    if (ready.type !== 'ready') throw new Error(`the ${role} server did not start`);
    return {
      child,
      url: ready.url,
      async ask() {
        const answer = next();
        child.send({ type: 'heap' } satisfies ToChild);
        const message = await answer;
        if (message.type !== 'heap') throw new Error('unexpected answer');
        return message.memory;
      },
      async stop() {
        child.send({ type: 'stop' } satisfies ToChild);
        const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(killer);
      },
    };
  });
}

/** Opens `count` sockets, IN_FLIGHT handshakes at a time; resolves with them and the seconds taken. */
async function openSockets(url: string, count: number, auth: Record<string, unknown>): Promise<{ sockets: Socket[]; seconds: number }> {
  const sockets: Socket[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const socket = connect(url, { auth, transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(new Error(`socket ${i} refused: ${error.message}`)));
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count) }, worker));
  return { sockets, seconds: (performance.now() - started) / 1000 };
}

interface Figures {
  before: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
  seconds: number;
  stillConnected: number;
}

async function measure(role: Role): Promise<Figures> {
  const server = await startChild(role);
  try {
    let auth: Record<string, unknown> = {};
    if (role === 'edge') {
      const response = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'physician', password: DEMO_PASSWORD }),
      });
      const token = response.headers.get('x-access-token');
      if (response.status !== 200 || !token) throw new Error(`login failed: ${response.status}`);
      auth = { token };
      // One socket first, so what the first connection sets up once (presence, rooms) is not counted per socket.
      const warm = await openSockets(server.url, 1, auth);
      warm.sockets[0]!.disconnect();
      await sleep(500);
    }
    const before = await server.ask();
    const { sockets, seconds } = await openSockets(server.url, SOCKETS, auth);
    await sleep(2_000); // idle: the handshakes' own work (presence writes, audit) has finished
    const after = await server.ask();
    const stillConnected = sockets.filter((s) => s.connected).length;
    await server.stop();
    for (const socket of sockets) socket.close();
    return { before, after, seconds, stillConnected };
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
}

async function main(): Promise<void> {
  const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  if (Number.isFinite(limit) && SOCKETS + 200 > limit) {
    throw new Error(`SOCKETS=${SOCKETS} needs more file descriptors than ulimit -n (${limit}) allows; raise it or lower SOCKETS`);
  }
  console.log(`idle sockets: ${SOCKETS} per server, ${IN_FLIGHT} handshakes in flight; ulimit -n ${limit}; node ${process.version}`);
  const plain = await measure('plain');
  const edge = await measure('edge');

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const perSocket = (f: Figures, key: 'heapUsed' | 'rss') => (f.after[key] - f.before[key]) / SOCKETS;
  const row = (f: Figures) => ({
    'heap before': mb(f.before.heapUsed),
    'heap with sockets': mb(f.after.heapUsed),
    'heap / socket': kb(perSocket(f, 'heapUsed')),
    'RSS / socket': kb(perSocket(f, 'rss')),
    'connects /s': Math.round(SOCKETS / f.seconds),
    'connected at the end': `${f.stillConnected}/${SOCKETS}`,
  });
  console.table({ 'plain Socket.IO (no auth)': row(plain), 'edge, people namespace (access token)': row(edge) });
  const ratio = perSocket(edge, 'heapUsed') / perSocket(plain, 'heapUsed');
  console.log(
    `edge heap per socket ${kb(perSocket(edge, 'heapUsed'))} = ${ratio.toFixed(2)}× plain (≤ ${TARGET_RATIO}×): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}; ` +
      `connects/s edge ${Math.round(SOCKETS / edge.seconds)} vs plain ${Math.round(SOCKETS / plain.seconds)} (${(plain.seconds / edge.seconds).toFixed(2)}×)`,
  );
  const broken = [plain, edge].filter((f) => f.stillConnected < SOCKETS);
  if (broken.length > 0) throw new Error('sockets dropped while idle');
}

const role = process.env.IDLE_SOCKETS_ROLE;
if (role === 'edge' || role === 'plain') {
  await runChild(role);
} else {
  await main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
