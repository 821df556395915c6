import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, seedDemoData } from '@opencare/api/demo/demo-data';
import { testEnv } from '@opencare/api/testing/env';
import { createTestDatabase } from '@opencare/api/testing/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEdge } from '../edge';
import { readEnv } from '../env';
import {
  agentAsk,
  agentClients,
  agentOutcome,
  answerCommands,
  gatewayInfo,
  nextAgentEvent,
  pairGateway,
} from '../testing/gateway-fixtures';
import { ask, connected, nextEvent, socketClients } from '../testing/socket-clients';
import type { Json, TestEdge } from '../testing/test-edge';

/**
 * A gateway connected to one edge while the patient works through another, as docker-compose runs
 * two edges behind a proxy: commands, work changes, removal and online/offline must cross edges
 * (the Redis streams adapter carries them). Needs Redis; CI sets REDIS_URL.
 */
const redisUrl = testEnv.REDIS_URL;

async function listening(edge: Awaited<ReturnType<typeof createEdge>>): Promise<TestEdge> {
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
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  return {
    edge,
    url,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/v1/auth/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status}`);
      return { token: res.headers.get('x-access-token') ?? '', cookie: '', body: res.body };
    },
    close: () => edge.close(),
  };
}

async function twoEdges(): Promise<[TestEdge, TestEdge]> {
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
    REDIS_URL: redisUrl,
  });
  const namespace = `test-${randomBytes(6).toString('hex')}`;
  const first = await createEdge(env, {
    database: { ...database, close: () => Promise.resolve() },
    namespace,
  });
  const second = await createEdge(env, { database, namespace });
  return [await listening(first), await listening(second)];
}

describe.runIf(redisUrl)('a gateway on one edge, its patient on another (runs when REDIS_URL is set)', () => {
  let a: TestEdge;
  let b: TestEdge;
  const people = {} as Record<'patient' | 'physician', { token: string; accountId: string }>;
  const agents = agentClients();
  const screens = socketClients();
  beforeAll(async () => {
    [a, b] = await twoEdges();
    for (const who of ['patient', 'physician'] as const) {
      const { token } = await b.login(who);
      people[who] = {
        token,
        accountId: (await b.call('GET', '/api/v1/profile', { token })).body.data.accountId as string,
      };
    }
  });
  afterEach(() => {
    agents.closeAll();
    screens.closeAll();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('relays commands and work changes, shows status across edges, and removes the gateway everywhere', async () => {
    const gateway = await pairGateway(b, people.patient);
    const physician = await connected(screens.open(b.url, { token: people.physician.token }));
    await ask(physician, 'patient:watch', { patientId: people.patient.accountId });
    const online = nextEvent(
      physician,
      'gateway:status',
      (s) => s.gatewayId === gateway.gatewayId && s.status === 'online',
    );

    const agent = agents.open(a.url, { token: gateway.token });
    expect(await agentOutcome(agent)).toEqual({ connected: true });
    await agentAsk(agent, 'gateway:hello', { info: gatewayInfo() });
    await online;
    answerCommands(agent, () => ({
      data: { networks: [{ ssid: 'Home', signal: 70, security: 'WPA2', inUse: false }] },
    }));
    const wifi = await b.call('GET', `/api/v1/gateways/${gateway.gatewayId}/wifi`, {
      token: people.patient.token,
    });
    expect(wifi.status).toBe(200);
    expect(wifi.body.data).toEqual([{ ssid: 'Home', signal: 70, security: 'WPA2', inUse: false }]);

    const profile = (
      await b.call('GET', '/api/v1/devices/profiles', { token: people.patient.token })
    ).body.data.find((p: Json) => p.measurement === 'ox');
    const work = nextAgentEvent(agent, 'work:changed', (w) => w.devices.length === 1);
    const device = await b.call('POST', '/api/v1/devices', {
      token: people.patient.token,
      body: {
        gatewayId: gateway.gatewayId,
        address: 'C4:7C:8D:6A:12:40',
        name: 'Oximeter',
        profileId: profile.profileId,
      },
    });
    expect(device.status).toBe(201);
    expect((await work).profiles.map((p) => p.measurement)).toEqual(['ox']);

    // A second socket of the same gateway (on B) keeps it online when the first one closes.
    const spare = agents.open(b.url, { token: gateway.token });
    await agentOutcome(spare);
    agent.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await b.call('GET', `/api/v1/gateways/${gateway.gatewayId}`, { token: people.patient.token })).body
        .data.status,
    ).toBe('online');

    const told = nextAgentEvent(spare, 'gateway:removed');
    const offline = nextEvent(
      physician,
      'gateway:status',
      (s) => s.gatewayId === gateway.gatewayId && s.status === 'offline',
    );
    expect(
      (await a.call('DELETE', `/api/v1/gateways/${gateway.gatewayId}`, { token: people.patient.token }))
        .status,
    ).toBe(200);
    expect(await told).toEqual({ gatewayId: gateway.gatewayId });
    await offline;
  });

  it('says not connected when no edge holds the gateway', async () => {
    const gateway = await pairGateway(a, people.patient);
    const scan = await b.call('POST', `/api/v1/gateways/${gateway.gatewayId}/scan`, {
      token: people.patient.token,
      body: {},
    });
    expect(scan.status).toBe(409);
    expect(scan.body.key).toBe('gatewayNotConnected');
  });
});
