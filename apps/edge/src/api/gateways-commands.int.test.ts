import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { TRPCClientError, createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'drizzle-orm';
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
    // The pairing code is required here too, and a wrong one gets REST's single answer.
    const bare = await client(as('patient'))
      .gateways.add.mutate({ patientId: people.patient.accountId, mac })
      .catch((error: unknown) => error);
    expect((bare as TRPCClientError<AppRouter>).data?.key).toBe('validationFailed');
    const wrong = await client(as('patient'))
      .gateways.add.mutate({ patientId: people.patient.accountId, mac, pairingCode: randomPairingCode() })
      .catch((error: unknown) => error);
    expect((wrong as TRPCClientError<AppRouter>).data?.key).toBe('macNotFound');
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

describe('the Wi-Fi password', () => {
  /** Every row of every table, as text: the password must be in none of them. */
  async function everyRow(edge: TestEdge): Promise<string> {
    const rowsOf = (result: unknown) =>
      (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const tables = rowsOf(
      await edge.edge.deps.db.execute(
        sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      ),
    ).map((row) => String(row.table_name));
    expect(tables).toContain('audit_log');
    const texts: string[] = [];
    for (const table of tables) {
      const rows = rowsOf(
        await edge.edge.deps.db.execute(sql`select x::text as row from ${sql.identifier(table)} x`),
      );
      texts.push(...rows.map((row) => String(row.row)));
    }
    return texts.join('\n');
  }

  it('goes to the patient’s own gateway only, and is in no table and no log line (debug level), whatever the agent answers', async () => {
    const lines: string[] = [];
    const edge = await startTestEdge({
      env: { LOG_LEVEL: 'debug' },
      logStream: new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          lines.push(chunk.toString());
          done();
        },
      }),
    });
    const open = agentClients();
    try {
      const signIn = async (username: string) => {
        const { token } = await edge.login(username);
        const accountId = (await edge.call('GET', '/api/v1/profile', { token })).body.data.accountId as string;
        return { token, accountId };
      };
      const patient = await signIn('patient');
      const patient2 = await signIn('patient2');
      const own = await pairGateway(edge, patient);
      const others = await pairGateway(edge, patient2);
      const heard: Record<'own' | 'others', Array<[string, unknown]>> = { own: [], others: [] };
      const ownAgent = open.open(edge.url, { token: own.token });
      const othersAgent = open.open(edge.url, { token: others.token });
      await agentOutcome(ownAgent);
      await agentOutcome(othersAgent);
      // The own agent joins the first network, fails the second and answers the third unreadably.
      answerCommands(ownAgent, (name, payload) => {
        heard.own.push([name, payload]);
        const { ssid } = payload as { ssid: string };
        if (ssid === 'Home') return { data: { ssid } };
        if (ssid === 'Cafe') return { error: 'wifiConnectFailed', message: 'nmcli failed' };
        return { data: 42 };
      });
      answerCommands(othersAgent, (name, payload) => {
        heard.others.push([name, payload]);
        return { data: { ssid: 'x' } };
      });
      const password = `Pw-${randomBytes(8).toString('hex')}`;
      const wifi = (who: { token: string }, ssid: string) =>
        edge.call('POST', `/api/v1/gateways/${own.gatewayId}/wifi`, {
          token: who.token,
          body: { ssid, password },
        });
      expect((await wifi(patient, 'Home')).status).toBe(200);
      expect((await wifi(patient, 'Cafe')).body.key).toBe('wifiConnectFailed');
      expect((await wifi(patient, 'Odd')).body.key).toBe('gatewayResponseError');
      // Another patient cannot send a network (and its password) to this gateway.
      expect((await wifi(patient2, 'Trap')).status).toBe(403);
      const overTrpc = await edge.call('POST', '/trpc/gateways.connectWifi', {
        token: patient.token,
        body: { id: own.gatewayId, ssid: 'Home', password },
      });
      expect(overTrpc.status).toBe(200);

      expect(heard.own).toEqual(
        ['Home', 'Cafe', 'Odd', 'Home'].map((ssid) => ['command:wifiConnect', { ssid, password }]),
      );
      expect(heard.others).toEqual([]);
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.some((line) => line.includes('request failed'))).toBe(true);
      expect(lines.join('\n')).not.toContain(password);
      expect(await everyRow(edge)).not.toContain(password);
    } finally {
      open.closeAll();
      await edge.close();
    }
  }, 120_000);
});
