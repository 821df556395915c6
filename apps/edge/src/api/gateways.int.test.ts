import { gatewayByToken } from '@opencare/api/gateways/gateways.service';
import { sweepSilentGateways } from '@opencare/api/gateways/gateway-presence';
import { gateways, patientEvents } from '@opencare/api/db/schema';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq } from 'drizzle-orm';
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

  it('answers a bad MAC, an unknown one, a taken one and a QR code of another gateway with the spec errors', async () => {
    const add = (who: 'patient' | 'patient2', body: unknown) =>
      t.call('POST', `/api/v1/patients/${people[who].accountId}/gateways`, { token: as(who), body });
    const invalid = await add('patient', { mac: '12-34-56' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      key: 'macInvalid',
      errors: [{ field: 'mac', message: 'The MAC number must have 12 digits.' }],
    });
    const unknown = await add('patient', { mac: randomMac() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ key: 'macNotFound', message: 'No gateway has this MAC number.' });

    const mac = randomMac();
    const code = randomPairingCode();
    await requestToken(t, mac, code);
    const otherQr = await add('patient', { mac, pairingCode: randomPairingCode() });
    expect(otherQr.status).toBe(400);
    expect(otherQr.body).toMatchObject({
      key: 'validationFailed',
      errors: [{ field: 'pairingCode', message: 'This QR code does not match the gateway.' }],
    });
    // Typed MAC only: the first registration is trusted.
    expect((await add('patient', { mac })).status).toBe(201);
    const taken = await add('patient2', { mac, pairingCode: code });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      key: 'macAlreadyAssigned',
      message: 'This gateway is already assigned.',
    });
  });

  it('refuses a token request with another pairing code, and a malformed one', async () => {
    const mac = randomMac();
    await requestToken(t, mac, randomPairingCode());
    const wrong = await requestToken(t, mac, randomPairingCode());
    expect(wrong.status).toBe(403);
    expect(wrong.body.key).toBe('err_forbidden');
    const malformed = await t.call('POST', '/api/v1/patients/gateways/request-token', {
      body: { mac, pairingCode: 'short' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe('pairingCode');
  });
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
    expect((await list('outsiderPhysician')).status).toBe(403);
    expect(
      (await t.call('GET', `/api/v1/gateways/${gateway.gatewayId}`, { token: as('physician') })).status,
    ).toBe(200);
    expect(
      (await t.call('GET', `/api/v1/gateways/${gateway.gatewayId}`, { token: as('outsiderPhysician') }))
        .status,
    ).toBe(403);
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
    await requestToken(t, mac, randomPairingCode());
    const forOther = await t.call('POST', `/api/v1/patients/${people.patient.accountId}/gateways`, {
      token: as('patient2'),
      body: { mac },
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
