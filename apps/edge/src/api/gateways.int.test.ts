import { DEMO_GATEWAY } from '@opencare/api/demo/demo-gateway';
import { gatewayByToken, gatewaySecretHash } from '@opencare/api/gateways/gateways.service';
import { sweepSilentGateways } from '@opencare/api/gateways/gateway-presence';
import { auditLog, gateways, patientEvents } from '@opencare/api/db/schema';
import { GATEWAY_PENDING_TTL_MS } from '@opencare/schemas/entities/gateways';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import {
  agentAsk,
  agentClients,
  agentOutcome,
  gatewayInfo,
  pairGateway,
  randomMac,
  randomPairingCode,
  requestToken,
  type PairedGateway,
} from '../testing/gateway-fixtures';
import { ask, connected, nextEvent, socketClients } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/** Pairing, the gateway REST surface and the `/gateways` namespace against a real edge. */
let t: TestEdge;
const people = {} as Record<
  'patient' | 'patient2' | 'physician' | 'outsiderPhysician' | 'outsiderPatient',
  { token: string; accountId: string }
>;
const agents = agentClients();
const screens = socketClients();

beforeAll(async () => {
  t = await startTestEdge();
  const signIn = async (username: string) => {
    const { token } = await t.login(username);
    return {
      token,
      accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId as string,
    };
  };
  people.patient = await signIn('patient');
  people.patient2 = await signIn('patient2');
  people.physician = await signIn('physician');
  people.outsiderPhysician = await signIn(
    (await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov')).username,
  );
  people.outsiderPatient = await signIn(
    (await createOutsider(t.edge.deps.db, ROLES.Patient, 'pat')).username,
  );
});
afterEach(() => {
  agents.closeAll();
  screens.closeAll();
});
afterAll(() => t.close());

const as = (who: keyof typeof people) => people[who].token;

describe('pairing a gateway', () => {
  it('registers the agent as pending, lets the patient add it by MAC and QR code, then issues its token once', async () => {
    const mac = randomMac();
    const code = randomPairingCode();
    const pending = await requestToken(t, mac, code);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual({ status: 'pending', gatewayId: expect.any(String) });
    // Asking again while pending changes nothing but the reported info.
    expect((await requestToken(t, mac, code, gatewayInfo({ version: '0.1.1' }))).body.data).toEqual(
      pending.body.data,
    );

    const added = await t.call('POST', `/api/v1/patients/${people.patient.accountId}/gateways`, {
      token: as('patient'),
      body: {
        mac: mac.match(/../g)!.join(':').toLowerCase(),
        pairingCode: code.toLowerCase(),
        displayName: 'Kitchen',
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      id: pending.body.data.gatewayId,
      patientId: people.patient.accountId,
      displayName: 'Kitchen',
      model: 'Raspberry Pi 4 Model B',
      version: '0.1.1',
      status: 'offline',
      addedAt: expect.any(String),
    });
    const events = await t.edge.deps.db
      .select({ kind: patientEvents.kind, data: patientEvents.data })
      .from(patientEvents)
      .where(
        and(
          eq(patientEvents.patientAccountId, people.patient.accountId),
          eq(patientEvents.refId, added.body.data.id),
        ),
      );
    expect(events).toEqual([{ kind: 'gateway', data: { displayName: 'Kitchen', status: 'added' } }]);

    const paired = await requestToken(t, mac, code);
    expect(paired.body.data).toEqual({
      status: 'paired',
      gatewayId: added.body.data.id,
      token: expect.stringMatching(/^[\w-]{43}$/),
    });
    // Only the hash is stored.
    const [row] = await t.edge.deps.db
      .select({ tokenHash: gateways.tokenHash })
      .from(gateways)
      .where(eq(gateways.id, added.body.data.id));
    expect(row?.tokenHash).not.toContain(paired.body.data.token);

    // Pairing again (an agent that lost its token) issues a new token; the old one stops working.
    const again = await requestToken(t, mac, code);
    expect(again.body.data.token).not.toBe(paired.body.data.token);
    await expect(gatewayByToken(t.edge.deps, paired.body.data.token)).rejects.toMatchObject({
      key: 'tokenInvalid',
    });
    expect((await gatewayByToken(t.edge.deps, again.body.data.token)).id).toBe(added.body.data.id);

    const mine = await t.call('GET', '/api/v1/patients/me/gateways', { token: as('patient') });
    expect(mine.body.data.map((g: { id: string }) => g.id)).toContain(added.body.data.id);
  });

  it('answers an unknown MAC, a gateway someone has and a wrong code alike, so adding tells nobody which MACs exist', async () => {
    const add = (who: 'patient' | 'patient2', body: unknown) =>
      t.call('POST', `/api/v1/patients/${people[who].accountId}/gateways`, { token: as(who), body });
    const invalid = await add('patient', { mac: '12-34-56', pairingCode: randomPairingCode() });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      key: 'macInvalid',
      errors: [{ field: 'mac', message: 'The MAC number must have 12 digits.' }],
    });

    // A pending MAC (its agent registered with `code`) and one assigned to the patient.
    const mac = randomMac();
    const code = randomPairingCode();
    await requestToken(t, mac, code);
    const taken = await pairGateway(t, people.patient);

    // The MAC alone is not enough: the code is required on every path.
    const bare = await add('patient2', { mac });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      key: 'validationFailed',
      errors: [{ field: 'pairingCode', message: 'This field is required.' }],
    });

    const answers = {
      unknown: await add('patient2', { mac: randomMac(), pairingCode: randomPairingCode() }),
      wrongCode: await add('patient2', { mac, pairingCode: randomPairingCode() }),
      assigned: await add('patient2', { mac: taken.mac, pairingCode: taken.pairingCode }),
      assignedWrongCode: await add('patient2', { mac: taken.mac, pairingCode: randomPairingCode() }),
    };
    for (const answer of Object.values(answers)) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        success: false,
        key: 'macNotFound',
        message:
          'No gateway is waiting to be added with this MAC number and pairing code. Check both on the gateway.',
      });
    }
    // Nothing changed hands; each refusal is in the audit log.
    const rows = await t.edge.deps.db
      .select({ mac: gateways.mac, patient: gateways.patientAccountId })
      .from(gateways)
      .where(inArray(gateways.mac, [mac, taken.mac]));
    expect(rows.sort((a, b) => (a.mac === mac ? -1 : b.mac === mac ? 1 : 0))).toEqual([
      { mac, patient: null },
      { mac: taken.mac, patient: people.patient.accountId },
    ]);
    const refusals = await t.edge.deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'gateways.add'),
          eq(auditLog.outcome, 'denied'),
          eq(auditLog.actorAccountId, people.patient2.accountId),
        ),
      );
    expect(refusals.length).toBeGreaterThanOrEqual(4);
    // The holder of the code adds it.
    expect((await add('patient2', { mac, pairingCode: code })).status).toBe(201);
  });

  it('refuses a squatter: another code for a pending or assigned MAC gets one answer, and no token', async () => {
    const mac = randomMac();
    const code = randomPairingCode();
    const pending = await requestToken(t, mac, code);
    expect(pending.body.data.status).toBe('pending');
    const squat = await requestToken(t, mac, randomPairingCode());
    expect(squat.status).toBe(403);
    expect(squat.body).toEqual({ success: false, key: 'err_forbidden', message: expect.any(String) });
    // The registration still belongs to the first code: the patient adds it with that one.
    const [row] = await t.edge.deps.db
      .select({ hash: gateways.pairingCodeHash })
      .from(gateways)
      .where(eq(gateways.mac, mac));
    expect(row?.hash).toBe(gatewaySecretHash(code));

    const taken = await pairGateway(t, people.patient);
    const onAssigned = await requestToken(t, taken.mac, randomPairingCode());
    expect(onAssigned.status).toBe(squat.status);
    expect(onAssigned.body).toEqual(squat.body);

    const malformed = await t.call('POST', '/api/v1/patients/gateways/request-token', {
      body: { mac, pairingCode: 'short' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe('pairingCode');
  });

  it('frees a pending MAC for another code only once its registration lapsed; an assigned one never', async () => {
    const mac = randomMac();
    const first = randomPairingCode();
    const registered = await requestToken(t, mac, first);
    const until = async (which: string) =>
      (
        await t.edge.deps.db
          .select({ until: gateways.pendingUntil })
          .from(gateways)
          .where(eq(gateways.mac, which))
      )[0]?.until;
    const bound = await until(mac);
    expect(bound!.getTime() - Date.now()).toBeGreaterThan(GATEWAY_PENDING_TTL_MS - 60_000);
    // Its agent asking again keeps it bound.
    await t.edge.deps.db
      .update(gateways)
      .set({ pendingUntil: new Date(Date.now() + 60_000) })
      .where(eq(gateways.mac, mac));
    await requestToken(t, mac, first);
    expect((await until(mac))!.getTime() - Date.now()).toBeGreaterThan(GATEWAY_PENDING_TTL_MS - 60_000);

    // Lapsed: nobody added it and its agent stopped asking. A new code takes it, the old one is refused.
    await t.edge.deps.db
      .update(gateways)
      .set({ pendingUntil: new Date(Date.now() - 1000) })
      .where(eq(gateways.mac, mac));
    const second = randomPairingCode();
    const retaken = await requestToken(t, mac, second);
    expect(retaken.body.data).toEqual({ status: 'pending', gatewayId: registered.body.data.gatewayId });
    expect((await requestToken(t, mac, first)).status).toBe(403);
    const add = (pairingCode: string) =>
      t.call('POST', `/api/v1/patients/${people.patient.accountId}/gateways`, {
        token: as('patient'),
        body: { mac, pairingCode },
      });
    expect((await add(first)).status).toBe(404);
    expect((await add(second)).status).toBe(201);
    expect((await requestToken(t, mac, second)).body.data.status).toBe('paired');

    // Assigned: its bound time no longer matters; another code is refused and gets no token.
    expect(await until(mac)).toBeNull();
    await t.edge.deps.db
      .update(gateways)
      .set({ pendingUntil: new Date(Date.now() - 1000) })
      .where(eq(gateways.mac, mac));
    expect((await requestToken(t, mac, randomPairingCode())).status).toBe(403);
    const [after] = await t.edge.deps.db
      .select({ hash: gateways.pairingCodeHash, patient: gateways.patientAccountId })
      .from(gateways)
      .where(eq(gateways.mac, mac));
    expect(after).toEqual({ hash: gatewaySecretHash(second), patient: people.patient.accountId });
  });

  it('refuses the demo gateway’s published pairing code outside demo mode', async () => {
    const demoToken = async () =>
      (
        await t.edge.deps.db
          .select({ hash: gateways.tokenHash })
          .from(gateways)
          .where(eq(gateways.mac, DEMO_GATEWAY.mac))
      )[0]?.hash;
    // The demo data (seeded in these tests) holds the demo gateway, assigned to the demo patient.
    const before = await demoToken();
    const collect = await requestToken(t, DEMO_GATEWAY.mac, DEMO_GATEWAY.pairingCode);
    expect(collect.status).toBe(403);
    expect(collect.body.key).toBe('err_forbidden');
    expect(await demoToken()).toBe(before);
    // Nor can it register another MAC, or add one.
    const mac = randomMac();
    expect((await requestToken(t, mac, DEMO_GATEWAY.pairingCode)).status).toBe(403);
    const added = await t.call('POST', `/api/v1/patients/${people.patient.accountId}/gateways`, {
      token: as('patient'),
      body: { mac: DEMO_GATEWAY.mac, pairingCode: DEMO_GATEWAY.pairingCode },
    });
    expect(added.status).toBe(404);
    expect(added.body.key).toBe('macNotFound');
  });
});

describe('pairing limits and demo mode (edges of their own)', () => {
  it('limits adding attempts per account and per address, REST and tRPC together', async () => {
    const edge = await startTestEdge({ env: { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' } });
    try {
      const signIn = async (username: string) => {
        const { token } = await edge.login(username);
        const accountId = (await edge.call('GET', '/api/v1/profile', { token })).body.data.accountId as string;
        return { token, accountId };
      };
      const patient = await signIn('patient');
      const patient2 = await signIn('patient2');
      const add = (who: { token: string; accountId: string }, from: string) =>
        edge.call('POST', `/api/v1/patients/${who.accountId}/gateways`, {
          token: who.token,
          body: { mac: randomMac(), pairingCode: randomPairingCode() },
          headers: { 'x-forwarded-for': from },
        });
      // One account from four addresses: the fourth attempt is refused though its address is new.
      const byAccount = [];
      for (const from of ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4']) byAccount.push(await add(patient, from));
      expect(byAccount.map((a) => a.status)).toEqual([404, 404, 404, 429]);
      expect(byAccount[3]!.body).toMatchObject({ key: 'rateLimited' });
      // One address, a fresh account: the address's fourth attempt (tRPC among them) is refused.
      const byAddress = [];
      for (const who of [patient2, patient2]) byAddress.push(await add(who, '10.2.0.1'));
      expect(byAddress.map((a) => a.status)).toEqual([404, 404]);
      const trpc = await edge.call('POST', '/trpc/gateways.add', {
        token: patient2.token,
        body: { patientId: patient2.accountId, mac: randomMac(), pairingCode: randomPairingCode() },
        headers: { 'x-forwarded-for': '10.2.0.1' },
      });
      expect(trpc.status).toBe(404);
      const fourth = await edge.call('POST', `/api/v1/patients/${patient.accountId}/gateways`, {
        token: patient.token,
        body: { mac: randomMac(), pairingCode: randomPairingCode() },
        headers: { 'x-forwarded-for': '10.2.0.1' },
      });
      expect(fourth.status).toBe(429);
    } finally {
      await edge.close();
    }
  }, 120_000);

  it('accepts the demo gateway’s code in demo mode', async () => {
    const edge = await startTestEdge({ env: { DEMO: 'true' } });
    try {
      const collect = await requestToken(edge, DEMO_GATEWAY.mac, DEMO_GATEWAY.pairingCode);
      expect(collect.body.data).toMatchObject({ status: 'paired', token: expect.any(String) });
    } finally {
      await edge.close();
    }
  }, 120_000);
});

describe('who may see and change a gateway', () => {
  let gateway: PairedGateway;
  beforeAll(async () => {
    gateway = await pairGateway(t, people.patient);
  });

  it('lets the patient and their clinicians read it, and nobody else', async () => {
    const list = (who: keyof typeof people) =>
      t.call('GET', `/api/v1/patients/${people.patient.accountId}/gateways`, { token: as(who) });
    expect((await list('patient')).status).toBe(200);
    const seen = await list('physician');
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((g: { id: string }) => g.id)).toContain(gateway.gatewayId);
    expect((await list('patient2')).status).toBe(403);
    expect((await list('outsiderPhysician')).status).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/gateways/${gateway.gatewayId}`, { token: as('physician') })).status,
    ).toBe(200);
    expect(
      (await t.call('GET', `/api/v1/gateways/${gateway.gatewayId}`, { token: as('outsiderPhysician') }))
        .status,
    ).toBe(404);
    expect((await t.call('GET', '/api/v1/patients/me/gateways', { token: as('physician') })).status).toBe(
      403,
    );
  });

  it('lets only the patient rename, command or add to it', async () => {
    const rename = (who: keyof typeof people) =>
      t.call('PATCH', `/api/v1/gateways/${gateway.gatewayId}`, {
        token: as(who),
        body: { displayName: 'Bedroom' },
      });
    expect((await rename('physician')).status).toBe(403);
    expect((await rename('patient2')).status).toBe(403);
    const renamed = await rename('patient');
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.displayName).toBe('Bedroom');
    expect(
      (
        await t.call('POST', `/api/v1/gateways/${gateway.gatewayId}/scan`, {
          token: as('physician'),
          body: {},
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/api/v1/gateways/${gateway.gatewayId}`, { token: as('outsiderPatient') }))
        .status,
    ).toBe(403);
    const mac = randomMac();
    const pairingCode = randomPairingCode();
    await requestToken(t, mac, pairingCode);
    const forOther = await t.call('POST', `/api/v1/patients/${people.patient.accountId}/gateways`, {
      token: as('patient2'),
      body: { mac, pairingCode },
    });
    expect(forOther.status).toBe(403);
  });
});

describe('the /gateways namespace', () => {
  it('refuses a handshake without a token or with a wrong one', async () => {
    const none = await agentOutcome(agents.open(t.url, {}));
    expect(none).toMatchObject({
      connected: false,
      message: 'unauthorized',
      data: { error: 'tokenRequired' },
    });
    const wrong = await agentOutcome(agents.open(t.url, { token: 'not-a-gateway-token' }));
    expect(wrong).toMatchObject({
      connected: false,
      message: 'unauthorized',
      data: { error: 'tokenInvalid' },
    });
  });

  it('shows the gateway online and offline, live, to its patient and the clinicians watching', async () => {
    const gateway = await pairGateway(t, people.patient);
    const physician = await connected(screens.open(t.url, { token: as('physician') }));
    expect(await ask(physician, 'patient:watch', { patientId: people.patient.accountId })).toEqual({
      data: { patientId: people.patient.accountId },
    });
    const patient = await connected(screens.open(t.url, { token: as('patient') }));

    const online = nextEvent(
      physician,
      'gateway:status',
      (s) => s.gatewayId === gateway.gatewayId && s.status === 'online',
    );
    const ownOnline = nextEvent(
      patient,
      'gateway:status',
      (s) => s.gatewayId === gateway.gatewayId && s.status === 'online',
    );
    const agent = agents.open(t.url, { token: gateway.token });
    expect(await agentOutcome(agent)).toEqual({ connected: true });
    expect(await online).toMatchObject({
      patientId: people.patient.accountId,
      lastSeenAt: expect.any(String),
    });
    await ownOnline;

    const hello = await agentAsk(agent, 'gateway:hello', { info: gatewayInfo({ model: 'Raspberry Pi 5' }) });
    expect(hello).toEqual({ data: { gatewayId: gateway.gatewayId, devices: [], profiles: [] } });
    const beat = await agentAsk(agent, 'gateway:heartbeat', { queued: 3, rejected: 0, uptimeS: 12 });
    expect('data' in beat && Date.parse(beat.data.at)).toBeGreaterThan(0);
    expect(await agentAsk(agent, 'gateway:heartbeat', { queued: -1, uptimeS: 1 })).toMatchObject({
      error: 'validationFailed',
    });
    const shown = await t.call('GET', `/api/v1/gateways/${gateway.gatewayId}`, { token: as('physician') });
    expect(shown.body.data).toMatchObject({
      status: 'online',
      model: 'Raspberry Pi 5',
      lastSeenAt: expect.any(String),
    });

    const offline = nextEvent(
      physician,
      'gateway:status',
      (s) => s.gatewayId === gateway.gatewayId && s.status === 'offline',
    );
    agent.disconnect();
    await offline;
    expect(
      (await t.call('GET', `/api/v1/gateways/${gateway.gatewayId}`, { token: as('patient') })).body.data
        .status,
    ).toBe('offline');
  });

  it('calls a gateway offline when it has been silent for three heartbeats (its edge may have crashed)', async () => {
    const gateway = await pairGateway(t, people.patient);
    const agent = agents.open(t.url, { token: gateway.token });
    await agentOutcome(agent);
    await agentAsk(agent, 'gateway:hello', { info: gatewayInfo() });
    const physician = await connected(screens.open(t.url, { token: as('physician') }));
    await ask(physician, 'patient:watch', { patientId: people.patient.accountId });
    const offline = nextEvent(
      physician,
      'gateway:status',
      (s) => s.gatewayId === gateway.gatewayId && s.status === 'offline',
    );
    await t.edge.deps.db
      .update(gateways)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(gateways.id, gateway.gatewayId));
    expect(await sweepSilentGateways(t.edge.deps)).toBeGreaterThanOrEqual(1);
    await offline;
    // Its next heartbeat brings it back.
    const online = nextEvent(
      physician,
      'gateway:status',
      (s) => s.gatewayId === gateway.gatewayId && s.status === 'online',
    );
    await agentAsk(agent, 'gateway:heartbeat', { queued: 0, uptimeS: 90 });
    await online;
  });
});
