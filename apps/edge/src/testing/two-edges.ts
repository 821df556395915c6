import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, seedDemoData } from '@opencare/api/demo/demo-data';
import { testEnv } from '@opencare/api/testing/env';
import { createTestDatabase } from '@opencare/api/testing/test-database';
import { createEdge } from '../edge';
import { readEnv } from '../env';
import type { TestEdge } from './test-edge';
import { demoSignIn } from './two-factor-login';

/**
 * Two edges — two Fastify and Socket.IO servers on their own ports — over one database and one
 * Redis, as docker-compose runs them. Needs Redis (the Streams adapter): callers run only when
 * REDIS_URL is set, as in CI, or give a Redis of their own.
 */
const redisUrl = testEnv.REDIS_URL;

export async function startTwoEdges(
  /** `firstRedisUrl`: the first edge's own way to the same Redis (a link a test can cut). */
  options: { redisUrl?: string; firstRedisUrl?: string; periodicEveryMs?: number } = {},
): Promise<[TestEdge, TestEdge]> {
  const database = await createTestDatabase();
  await seedDemoData(database.db);
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'opencare-test-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: join(tmpdir(), 'no-web-here'),
    RATE_LIMIT_PER_MINUTE: '10000',
    REDIS_URL: options.redisUrl ?? redisUrl,
  });
  // One installation (same namespace: same stream, same rate limits), apart from other test runs.
  const namespace = `test-${randomBytes(6).toString('hex')}`;
  // The first edge leaves the shared database to the second to close.
  const first = await createEdge(options.firstRedisUrl ? { ...env, REDIS_URL: options.firstRedisUrl } : env, {
    database: { ...database, close: () => Promise.resolve() },
    namespace,
    periodicEveryMs: options.periodicEveryMs,
  });
  const second = await createEdge(env, { database, namespace, periodicEveryMs: options.periodicEveryMs });
  // One database: one account of the authenticator steps spent, whichever edge signs in.
  const signIns = demoSignIn();
  return [await listening(first, signIns), await listening(second, signIns)];
}

async function listening(edge: Awaited<ReturnType<typeof createEdge>>, signIns: ReturnType<typeof demoSignIn>): Promise<TestEdge> {
  await edge.app.listen({ host: '127.0.0.1', port: 0 });
  const address = edge.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call: TestEdge['call'] = async (method, path, { token, body } = {}) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : null,
    };
  };
  return {
    edge,
    url,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await signIns.signIn(username, password, (path, body, token) => call('POST', path, { body, token }));
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status}`);
      return { token: res.headers.get('x-access-token') ?? '', cookie: '', body: res.body };
    },
    close: () => edge.close(),
  };
}
