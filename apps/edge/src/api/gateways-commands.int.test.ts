import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { TRPCClientError, createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  agentClients,
  agentOutcome,
  answerCommands,
  pairGateway,
  randomMac,
  randomPairingCode,
} from '../testing/gateway-fixtures';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/** Scan and Wi-Fi commands relayed to a (fake) agent over `/gateways`; the tRPC procedures. */
let t: TestEdge;
const people = {} as Record<'patient' | 'physician', { token: string; accountId: string }>;
const agents = agentClients();

beforeAll(async () => {
  t = await startTestEdge();
  for (const who of ['patient', 'physician'] as const) {
    const { token } = await t.login(who);
    people[who] = {
      token,
      accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId as string,
    };
  }
});
afterEach(() => agents.closeAll());
afterAll(() => t.close());

const as = (who: keyof typeof people) => people[who].token;

describe('commands through the agent', () => {
  const nearby = {
    address: 'C4:7C:8D:6A:12:34',
    name: 'BP Cuff',
    rssi: -60,
    signal: 'good',
    distanceM: 1.4,
    services: ['1810'],
    measurement: 'bp',
  };

  it('relays scan and Wi-Fi commands to the connected agent and returns its answers', async () => {
    const gateway = await pairGateway(t, people.patient);
    const agent = agents.open(t.url, { token: gateway.token });
    await agentOutcome(agent);
    const asked: Array<[string, unknown]> = [];
    answerCommands(agent, (name, payload) => {
      asked.push([name, payload]);
      if (name === 'command:scan') return { data: { devices: [nearby] } };
      if (name === 'command:wifiScan')
        return { data: { networks: [{ ssid: 'Home', signal: 80, security: 'WPA2', inUse: true }] } };
      const { ssid } = payload as { ssid: string };
      return ssid === 'Home'
        ? { data: { ssid } }
        : { error: 'wifiConnectFailed', message: 'no such network' };
    });
    const path = `/api/v1/gateways/${gateway.gatewayId}`;
    const scan = await t.call('POST', `${path}/scan`, { token: as('patient'), body: { seconds: 3 } });
    expect(scan.status).toBe(200);
    expect(scan.body.data).toEqual([nearby]);
    const wifi = await t.call('GET', `${path}/wifi`, { token: as('patient') });
    expect(wifi.body.data).toEqual([{ ssid: 'Home', signal: 80, security: 'WPA2', inUse: true }]);
    const joined = await t.call('POST', `${path}/wifi`, {
      token: as('patient'),
      body: { ssid: 'Home', password: 'correct horse' },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.data).toEqual({ ssid: 'Home' });
    const failed = await t.call('POST', `${path}/wifi`, {
      token: as('patient'),
      body: { ssid: 'Cafe', password: '' },
    });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      key: 'wifiConnectFailed',
      message: 'The gateway could not connect to Wi-Fi.',
    });
    expect(asked).toEqual([
      ['command:scan', { seconds: 3 }],
      ['command:wifiScan', {}],
      ['command:wifiConnect', { ssid: 'Home', password: 'correct horse' }],
      ['command:wifiConnect', { ssid: 'Cafe', password: '' }],
    ]);
    const shortPassword = await t.call('POST', `${path}/wifi`, {
      token: as('patient'),
      body: { ssid: 'Home', password: 'short' },
    });
    expect(shortPassword.status).toBe(400);
    expect((await t.call('POST', `${path}/scan`, { token: as('physician'), body: {} })).status).toBe(403);
  });

  it('answers an unknown agent error as gatewayCommandError and an unreadable answer as gatewayResponseError', async () => {
    const gateway = await pairGateway(t, people.patient);
    const agent = agents.open(t.url, { token: gateway.token });
    await agentOutcome(agent);
    answerCommands(agent, (name) =>
      name === 'command:scan' ? { error: 'somethingElse', message: '?' } : { data: { networks: 'none' } },
    );
    const scan = await t.call('POST', `/api/v1/gateways/${gateway.gatewayId}/scan`, { token: as('patient') });
    expect(scan.status).toBe(502);
    expect(scan.body.key).toBe('gatewayCommandError');
    const wifi = await t.call('GET', `/api/v1/gateways/${gateway.gatewayId}/wifi`, { token: as('patient') });
    expect(wifi.status).toBe(502);
    expect(wifi.body.key).toBe('gatewayResponseError');
  });

  it('says the gateway is not connected when no agent is', async () => {
    const gateway = await pairGateway(t, people.patient);
    const scan = await t.call('POST', `/api/v1/gateways/${gateway.gatewayId}/scan`, {
      token: as('patient'),
      body: {},
    });
    expect(scan.status).toBe(409);
    expect(scan.body).toMatchObject({ key: 'gatewayNotConnected', message: 'The gateway is not connected.' });
  });
});

describe('over tRPC', () => {
  const client = (token?: string) =>
    createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${t.url}/trpc`,
          headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
        }),
      ],
    });

  it('pairs and lists with the same services and errors as REST', async () => {
    const mac = randomMac();
    const pairingCode = randomPairingCode();
    expect(await client().gateways.requestToken.mutate({ mac, pairingCode })).toMatchObject({
      status: 'pending',
    });
    const bad = await client(as('patient'))
      .gateways.add.mutate({ patientId: people.patient.accountId, mac: 'nope' })
      .catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(TRPCClientError);
    expect((bad as TRPCClientError<AppRouter>).data?.key).toBe('macInvalid');
    const added = await client(as('patient')).gateways.add.mutate({
      patientId: people.patient.accountId,
      mac,
      pairingCode,
      displayName: 'Hall',
    });
    expect(added).toMatchObject({ displayName: 'Hall', status: 'offline' });
    expect((await client(as('patient')).gateways.mine.query()).map((g) => g.id)).toContain(added.id);
    expect(await client().gateways.requestToken.mutate({ mac, pairingCode })).toMatchObject({
      status: 'paired',
      gatewayId: added.id,
    });
    expect((await client(as('patient')).devices.profiles.query()).length).toBeGreaterThanOrEqual(5);
  });
});
