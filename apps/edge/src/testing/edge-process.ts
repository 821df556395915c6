import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { openDatabase, type DatabaseHandle } from '@opencare/api/db/database';
import { testDatabaseKind, testEnv } from '@opencare/api/testing/env';
import postgres from 'postgres';
import { edgeBundle } from './edge-bundle';
import { demoSignIn, fetchPost } from './two-factor-login';

/**
 * The real edge server (`apps/edge/src/server.ts`, compiled ahead: edge-bundle.ts) as a child
 * process, so a test can kill it with SIGKILL as a power cut or an OOM kill would, mid-transaction,
 * and start it again on the same port and database: embedded PGlite in a data folder, or a
 * PostgreSQL database of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
type Json = any;

export interface EdgeProcess {
  url: string;
  port: number;
  database: 'pglite' | 'postgres';
  call(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: Json }>;
  login(username: string): Promise<string>;
  start(): Promise<void>;
  /** SIGKILL: no graceful close; whatever was in flight is cut. */
  kill(): Promise<void>;
  /** How the process stands and the end of what it wrote (stdout and stderr): why it died, when it did. */
  state(): string;
  /** Opens the edge's database in this process (the edge must be stopped when it is PGlite). */
  openDatabase(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

const EDGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on now (taken by the OS for a moment, then given back). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A JSON call against an edge at `url` (the body parsed, or null). */
export function jsonCall(url: string): EdgeProcess['call'] {
  return async (method, path, { token, body } = {}) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

/** Demo sign-ins per database (several edge processes may share one): the two-factor steps spent. */
const signInsByDatabase = new Map<string, ReturnType<typeof demoSignIn>>();

/** A demo user's access token from the edge at `url` (its database named by `database`, else the url). */
export async function demoLogin(url: string, username: string, database = url): Promise<string> {
  const signIns = signInsByDatabase.get(database) ?? demoSignIn();
  signInsByDatabase.set(database, signIns);
  const res = await signIns.signIn(username, DEMO_PASSWORD, fetchPost(url));
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status}`);
  return res.headers.get('x-access-token') ?? '';
}

/**
 * Starts the edge. `env` adds to or overrides its settings: two edges of one installation share
 * DATABASE_URL, REDIS_URL and JWT_SECRET. Without a DATABASE_URL it gets a database of its own (on
 * the test PostgreSQL server when the suite runs on it, else PGlite in its data folder).
 */
export async function startEdgeProcess(options: { env?: Record<string, string> } = {}): Promise<EdgeProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'opencare-edge-process-'));
  let databaseUrl = options.env?.DATABASE_URL;
  const kind = databaseUrl || (testDatabaseKind === 'postgres' && testEnv.DATABASE_URL) ? 'postgres' : 'pglite';
  let dropDatabase = async () => {};
  if (kind === 'postgres' && !databaseUrl) {
    const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(testEnv.DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const parsed = new URL(testEnv.DATABASE_URL!);
    parsed.pathname = `/${name}`;
    databaseUrl = parsed.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const env = {
    // eslint-disable-next-line no-restricted-properties -- the child needs PATH and HOME, nothing else of ours
    PATH: process.env.PATH ?? '',
    // eslint-disable-next-line no-restricted-properties
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: 'true',
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: join(tmpdir(), 'no-web-here'),
    RATE_LIMIT_PER_MINUTE: '10000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };

  let child: ChildProcess | null = null;
  let exited: Promise<unknown> = Promise.resolve();
  let output = '';

  const ready = async (timeoutMs: number) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (!child || child.exitCode !== null) throw new Error(`the edge exited while starting:\n${output.slice(-2000)}`);
      const answer = await fetch(`${url}/readyz`).catch(() => null);
      if (answer?.ok) return;
      if (Date.now() > end) throw new Error(`the edge did not become ready:\n${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const start = async () => {
    output = '';
    const started = spawn(process.execPath, [await edgeBundle()], { cwd: EDGE_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-10_000)));
    started.stderr.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-10_000)));
    exited = new Promise((resolve) => started.once('exit', resolve));
    child = started;
    await ready(60_000);
  };

  const kill = async () => {
    if (!child || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await exited;
    child = null;
  };

  await start();
  return {
    url,
    port,
    database: kind,
    start,
    kill,
    call: jsonCall(url),
    login: (username) => demoLogin(url, username, databaseUrl ?? dataDir),
    state: () => `${child ? (child.exitCode === null && child.signalCode === null ? 'running' : `exited (${child.exitCode ?? child.signalCode})`) : 'stopped'}; its last output:\n${output.slice(-3000)}`,
    openDatabase: () => openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'pglite') }),
    async dispose() {
      await kill();
      await dropDatabase();
    },
  };
}
