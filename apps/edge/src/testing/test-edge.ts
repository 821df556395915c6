import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, seedDemoData } from '@opencare/api/demo/demo-data';
import type { Mailer } from '@opencare/api/mail/mailer';
import { testDatabaseKind, testEnv } from '@opencare/api/testing/env';
import { createTestDatabase } from '@opencare/api/testing/test-database';
import { createEdge, type Edge } from '../edge';
import { readEnv } from '../env';

export interface TestEdge {
  edge: Edge;
  url: string;
  /** JSON call against the real listening edge. */
  call(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<TestResponse>;
  /** Log a demo user in; returns the access token and the refresh cookie. */
  login(username: string, password?: string): Promise<{ token: string; cookie: string; body: Json }>;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
export type Json = any;
export interface TestResponse {
  status: number;
  headers: Headers;
  body: Json;
}

/**
 * A real edge on a free port over a fresh database with the demo users: PGlite, or PostgreSQL and
 * Redis when the suite runs in the scaled mode.
 */
export async function startTestEdge(
  options: { mailer?: Mailer; env?: Record<string, string>; logStream?: { write(line: string): void } } = {},
): Promise<TestEdge> {
  const database = await createTestDatabase();
  await seedDemoData(database.db);
  const scaled = testDatabaseKind === 'postgres';
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'opencare-test-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: join(tmpdir(), 'no-web-here'),
    // Suites make many sign-up calls from one address; the limit itself has a test of its own.
    RATE_LIMIT_PER_MINUTE: '10000',
    ...(scaled && testEnv.REDIS_URL ? { REDIS_URL: testEnv.REDIS_URL } : {}),
    ...options.env,
  });
  const edge = await createEdge(env, { database, mailer: options.mailer, logStream: options.logStream, namespace: `test-${randomBytes(6).toString('hex')}` });
  await edge.app.listen({ host: '127.0.0.1', port: 0 });
  const address = edge.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const call: TestEdge['call'] = async (method, path, { token, body, headers = {} } = {}) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: Json = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };

  return {
    edge,
    url,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/v1/auth/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      return { token: res.headers.get('x-access-token') ?? '', cookie, body: res.body };
    },
    close: () => edge.close(),
  };
}
