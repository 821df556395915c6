import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { freePort } from './edge-process';

/*
 * A PostgreSQL server and a Redis of a test's own, so that a test can kill and restart them without
 * touching the machine's shared ones. Every command runs as an asynchronous child process: while a
 * server restarts, the test's own clients, sockets and writers keep running (a synchronous spawn
 * would freeze the whole test process for the length of the restart).
 */

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export interface PrivatePostgres {
  url: string;
  /** Immediate shutdown (no checkpoint, connections cut), then start again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A PostgreSQL cluster in a temporary folder, owned by the postgres user (needs root and Debian's binaries). */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asPostgres = async (args: string[]) => {
    await run('runuser', ['-u', 'postgres', '--', ...args]).catch((error: Error & { stderr?: string; stdout?: string }) => {
      throw new Error(`${args.join(' ')}: ${error.stderr || error.stdout || error.message}`);
    });
  };
  await asPostgres([`${PG_BIN}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const pgCtl = (...args: string[]) => asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', ...args]);
  await pgCtl('-o', options, 'start');
  const admin = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe('create database opencare');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/opencare`,
    restart: () => pgCtl('-m', 'immediate', '-o', options, 'restart'),
    stop: () => pgCtl('-m', 'immediate', 'stop'),
  };
}

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** SIGKILL: Redis goes away without a word, as a crashed server does. */
  kill(): Promise<void>;
}

/** A Redis of its own, started and killed as a process. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const ping = () =>
    run('redis-cli', ['-p', String(port), 'ping']).then(
      ({ stdout }) => stdout.trim() === 'PONG',
      () => false,
    );
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until(ping, 10_000, 'redis');
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

export interface CuttableLink {
  /** The target's URL with this link's port in its place. */
  url: string;
  /** The link goes down: its connections are cut and new ones refused, as in a network partition. */
  cut(): Promise<void>;
  /** The link is back, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP link to a server (say, Redis) that a test can cut and restore for one client alone: the
 * other clients of the server keep their own connections, as when one edge loses its network.
 */
export async function cuttableLink(targetUrl: string): Promise<CuttableLink> {
  const target = new URL(targetUrl);
  const port = await freePort();
  const open = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of open) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await listen();
  const url = new URL(targetUrl);
  url.port = String(port);
  return { url: url.toString().replace(/\/$/, ''), cut, restore: listen, close: cut };
}
