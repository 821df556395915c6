import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoData } from '@opencare/api/demo/demo-data';
import type { DatabaseHandle } from '@opencare/api/db/database';
import { testDatabaseKind, testEnv } from '@opencare/api/testing/env';
import { createTestDatabase } from '@opencare/api/testing/test-database';
import { createEdge, type Edge } from '@opencare/edge/src/edge';
import { readEnv } from '@opencare/edge/src/env';
import { demoLogin, jsonCall } from '@opencare/edge/src/testing/edge-process';

/**
 * A real edge the tests can stop and start again on the same database and port, as an operator's
 * restart would (startTestEdge's close also drops its database). Same settings as startTestEdge.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
type Json = any;

export interface EdgeHarness {
  url: string;
  port: number;
  edge(): Edge;
  database: DatabaseHandle;
  /** Stops the edge (sockets closed, HTTP closed); the database stays. */
  stop(): Promise<void>;
  /** Starts a new edge on the same port and database. */
  restart(): Promise<void>;
  call(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: Json }>;
  login(username: string): Promise<string>;
  dispose(): Promise<void>;
}

export async function startEdgeHarness(): Promise<EdgeHarness> {
  const database = await createTestDatabase();
  await seedDemoData(database.db);
  // The edge closes its database on close; this one outlives each edge.
  const shared: DatabaseHandle = { ...database, close: () => Promise.resolve() };
  const dataDir = mkdtempSync(join(tmpdir(), 'opencare-gw-edge-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const namespace = `test-${randomBytes(6).toString('hex')}`;
  const scaled = testDatabaseKind === 'postgres';
  let current: Edge | null = null;
  let port = 0;

  async function start() {
    const env = readEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      WEB_DIST: join(tmpdir(), 'no-web-here'),
      RATE_LIMIT_PER_MINUTE: '10000',
      ...(scaled && testEnv.REDIS_URL ? { REDIS_URL: testEnv.REDIS_URL } : {}),
    });
    const edge = await createEdge(env, { database: shared, namespace });
    await edge.app.listen({ host: '127.0.0.1', port });
    const address = edge.app.server.address();
    port = typeof address === 'object' && address ? address.port : port;
    current = edge;
  }
  await start();
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    const edge = current;
    current = null;
    await edge?.close();
  };

  return {
    url,
    port,
    database,
    edge: () => {
      if (!current) throw new Error('the edge is stopped');
      return current;
    },
    stop,
    restart: start,
    call: jsonCall(url),
    login: (username) => demoLogin(url, username),
    async dispose() {
      await stop();
      await database.close();
    },
  };
}
