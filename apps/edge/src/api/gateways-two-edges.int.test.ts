import { testEnv } from '@opencare/api/testing/env';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { startTwoEdges } from '../testing/two-edges';

/**
 * A gateway connected to one edge while the patient works through another, as docker-compose runs
 * two edges behind a proxy: commands, work changes, removal and online/offline must cross edges
 * (the Redis streams adapter carries them). Needs Redis; CI sets REDIS_URL.
 */
const redisUrl = testEnv.REDIS_URL;

describe.runIf(redisUrl)('a gateway on one edge, its patient on another (runs when REDIS_URL is set)', () => {
  let a: TestEdge;
  let b: TestEdge;
  const people = {} as Record<'patient' | 'physician', { token: string; accountId: string }>;
  const agents = agentClients();
  const screens = socketClients();
  beforeAll(async () => {
    [a, b] = await startTwoEdges();
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

  it("relays a gateway's live ECG to the clinician watching its patient on the other edge", async () => {
    const gateway = await pairGateway(b, people.patient);
    const profile = (
      await b.call('GET', '/api/v1/devices/profiles', { token: people.patient.token })
    ).body.data.find((p: Json) => p.measurement === 'ecg');
    const strap = await b.call('POST', '/api/v1/devices', {
      token: people.patient.token,
      body: { gatewayId: gateway.gatewayId, address: 'C4:7C:8D:00:EC:09', name: 'Chest strap', profileId: profile.profileId },
    });
    expect(strap.status).toBe(201);
    const physician = await connected(screens.open(b.url, { token: people.physician.token }));
    await ask(physician, 'patient:watch', { patientId: people.patient.accountId });
    const agent = agents.open(a.url, { token: gateway.token });
    expect(await agentOutcome(agent)).toEqual({ connected: true });
    const batch = { deviceId: strap.body.data.id as string, sampleRate: 130, samples: [15, 30, 1150, -240, 10], seq: 3 };
    const [heard, ack] = await Promise.all([nextEvent(physician, 'patient:ecg'), agentAsk(agent, 'ecg:samples', batch)]);
    expect(ack).toEqual({ data: { relayed: true } });
    expect(heard).toEqual({ patientId: people.patient.accountId, ...batch });
  });
});
