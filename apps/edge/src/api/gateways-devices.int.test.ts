import { randomUUID } from 'node:crypto';
import { accounts, alertEvents, alerts, auditLog, measurements, patientEvents, tasks } from '@opencare/api/db/schema';
import { and, eq } from 'drizzle-orm';
import { ROLES } from '@opencare/schemas/roles';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider, createPerson } from '../testing/fixtures';
import {
  agentAsk,
  agentClients,
  agentOutcome,
  gatewayInfo,
  nextAgentEvent,
  pairGateway,
  requestToken,
  type AgentSocket,
  type PairedGateway,
} from '../testing/gateway-fixtures';
import { ask, connected, nextEvent, socketClients } from '../testing/socket-clients';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Devices paired through a gateway, the work the gateway is sent, and readings uploaded over the
 * `/gateways` namespace reaching the patient's measurements, the live timeline and the alerts.
 */
let t: TestEdge;
const people = {} as Record<
  'patient' | 'patient2' | 'physician' | 'admin' | 'outsiderPhysician',
  { token: string; accountId: string }
>;
const agents = agentClients();
const screens = socketClients();
let gateway: PairedGateway;
let agent: AgentSocket;
let bpProfile: Json;
let cuff: Json;

const as = (who: keyof typeof people) => people[who].token;
const api = (method: string, path: string, who: keyof typeof people, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: as(who), body });
const bp = (systolic: number, diastolic: number, id = randomUUID()) => ({
  id,
  type: 'bp',
  values: { systolic, diastolic, pulse: 70 },
});

beforeAll(async () => {
  t = await startTestEdge();
  const signIn = async (username: string) => {
    const { token } = await t.login(username);
    return {
      token,
      accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId as string,
    };
  };
  for (const who of ['patient', 'patient2', 'physician', 'admin'] as const) people[who] = await signIn(who);
  people.outsiderPhysician = await signIn(
    (await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov')).username,
  );
  gateway = await pairGateway(t, people.patient);
  agent = agents.open(t.url, { token: gateway.token });
  await agentOutcome(agent);
  await agentAsk(agent, 'gateway:hello', { info: gatewayInfo() });
});
afterEach(() => screens.closeAll());
afterAll(async () => {
  agents.closeAll();
  await t.close();
});

describe('devices', () => {
  it('offers the completed profiles of the organisation', async () => {
    const profiles = await api('GET', '/devices/profiles', 'patient');
    expect(profiles.status).toBe(200);
    expect(profiles.body.data.map((p: Json) => p.measurement).sort()).toEqual(
      expect.arrayContaining(['bp', 'bs', 'bt', 'bw', 'ox']),
    );
    bpProfile = profiles.body.data.find((p: Json) => p.measurement === 'bp');
    expect(bpProfile.version).toBeGreaterThanOrEqual(1);
  });

  it('pairs a device to the patient through their gateway and sends the gateway its new work', async () => {
    const work = nextAgentEvent(agent, 'work:changed', (w) => w.devices.length === 1);
    const added = await api('POST', '/devices', 'patient', {
      gatewayId: gateway.gatewayId,
      address: 'c4:7c:8d:6a:12:34',
      name: 'Arm cuff',
      profileId: bpProfile.profileId,
    });
    expect(added.status).toBe(201);
    cuff = added.body.data;
    expect(cuff).toMatchObject({
      patientId: people.patient.accountId,
      gatewayId: gateway.gatewayId,
      gatewayName: 'Living room',
      address: 'C4:7C:8D:6A:12:34',
      name: 'Arm cuff',
      measurement: 'bp',
      manufacturer: null,
      batteryLevel: null,
      lastReadingAt: null,
    });
    const sent = await work;
    expect(sent.devices.map((d) => d.id)).toEqual([cuff.id]);
    expect(sent.profiles.map((p) => [p.profileId, p.version])).toEqual([
      [bpProfile.profileId, bpProfile.version],
    ]);
    // What the agent gets on its next hello too.
    expect(await agentAsk(agent, 'gateway:hello', { info: gatewayInfo() })).toEqual({ data: sent });
  });

  it('refuses a second device at the same address, a profile that is not completed, and other people', async () => {
    const again = await api('POST', '/devices', 'patient', {
      gatewayId: gateway.gatewayId,
      address: 'C4:7C:8D:6A:12:34',
      name: 'Twin',
      profileId: bpProfile.profileId,
    });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('deviceAlreadyPaired');
    const draft = await api('POST', '/device-profiles', 'admin', { profileName: 'Draft cuff', tasks: [] });
    const withDraft = await api('POST', '/devices', 'patient', {
      gatewayId: gateway.gatewayId,
      address: 'C4:7C:8D:6A:00:01',
      name: 'X',
      profileId: draft.body.data.id,
    });
    expect(withDraft.status).toBe(400);
    expect(withDraft.body.errors).toEqual([
      { field: 'profileId', message: 'Choose a completed device profile.' },
    ]);
    const other = await api('POST', '/devices', 'patient2', {
      gatewayId: gateway.gatewayId,
      address: 'C4:7C:8D:6A:00:02',
      name: 'X',
      profileId: bpProfile.profileId,
    });
    expect(other.status).toBe(403);
    expect((await api('PATCH', `/devices/${cuff.id}`, 'physician', { name: 'Mine' })).status).toBe(403);
    expect((await api('DELETE', `/devices/${cuff.id}`, 'patient2')).status).toBe(403);
  });

  it('lists devices for the patient and their clinicians only', async () => {
    // (The demo patient has the demo gateway's devices too.)
    const mine = (await api('GET', '/patients/me/devices', 'patient')).body.data;
    expect(mine.filter((d: Json) => d.gatewayId === gateway.gatewayId).map((d: Json) => d.id)).toEqual([
      cuff.id,
    ]);
    expect(mine.every((d: Json) => d.patientId === people.patient.accountId)).toBe(true);
    const seen = await api('GET', `/patients/${people.patient.accountId}/devices`, 'physician');
    expect(seen.body.data.map((d: Json) => d.id)).toContain(cuff.id);
    expect(
      (await api('GET', '/patients/me/devices', 'patient2')).body.data.map((d: Json) => d.id),
    ).not.toContain(cuff.id);
    expect(
      (await api('GET', `/patients/${people.patient.accountId}/devices`, 'outsiderPhysician')).status,
    ).toBe(404);
    expect((await api('GET', `/devices/${cuff.id}`, 'patient2')).status).toBe(403);
  });

  it('renames a device and tells the gateway', async () => {
    const work = nextAgentEvent(agent, 'work:changed', (w) => w.devices[0]?.name === 'Blood pressure cuff');
    expect(
      (await api('PATCH', `/devices/${cuff.id}`, 'patient', { name: 'Blood pressure cuff' })).status,
    ).toBe(200);
    await work;
  });
});

describe('readings from the gateway', () => {
  it('stores each reading once, classed, live on the timeline, with an alert when out of range', async () => {
    const physician = await connected(screens.open(t.url, { token: as('physician') }));
    await ask(physician, 'patient:watch', { patientId: people.patient.accountId });
    const normal = bp(112, 74);
    const high = bp(182, 95);
    const live = nextEvent(
      physician,
      'patient:event',
      (e) => e.event.kind === 'measurement' && e.event.refId === high.id,
    );

    const other = await pairGateway(t, people.patient2);
    const othersProfile = (await api('GET', '/devices/profiles', 'patient2')).body.data.find(
      (p: Json) => p.measurement === 'bp',
    );
    const othersCuff = (
      await api('POST', '/devices', 'patient2', {
        gatewayId: other.gatewayId,
        address: 'C4:7C:8D:6A:99:99',
        name: 'Cuff',
        profileId: othersProfile.profileId,
      })
    ).body.data;

    const batch = [
      { deviceId: cuff.id, reading: normal },
      { deviceId: cuff.id, reading: high },
      { deviceId: cuff.id, reading: { type: 'bp', values: { systolic: 120, diastolic: 80 } } },
      { deviceId: othersCuff.id, reading: bp(120, 80) },
      { deviceId: cuff.id, reading: { id: randomUUID(), type: 'bt', values: { temperature: 37 } } },
      'not a reading',
    ];
    const first = await agentAsk(agent, 'readings:upload', { readings: batch });
    if (!('data' in first)) throw new Error(JSON.stringify(first));
    expect(first.data.outcomes.map((o) => [o.status, 'key' in o ? o.key : null])).toEqual([
      ['stored', null],
      ['stored', null],
      ['rejected', 'idempotencyKeyRequired'],
      ['rejected', 'notFound'],
      ['rejected', 'validationFailed'],
      ['rejected', 'validationFailed'],
    ]);
    expect(first.data.outcomes[0]!.id).toBe(normal.id);
    // The write to the patient's record is audited, and so is the reading naming another patient's device.
    // Each entry names the gateway that sent the batch beside the patient it wrote to.
    const audited = await t.edge.deps.db
      .select({ outcome: auditLog.outcome, actorGatewayId: auditLog.actorGatewayId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gateways.readings.upload'), eq(auditLog.resourceId, people.patient.accountId)));
    expect(new Set(audited.map((a) => a.outcome))).toEqual(new Set(['allowed', 'denied']));
    expect(new Set(audited.map((a) => a.actorGatewayId))).toEqual(new Set([gateway.gatewayId]));
    expect((await live).event.data).toMatchObject({ type: 'bp', rangeClass: expect.stringMatching(/high/) });

    // The agent retries (its ack was lost): nothing is stored twice.
    const retry = await agentAsk(agent, 'readings:upload', { readings: batch.slice(0, 2) });
    expect('data' in retry && retry.data.outcomes).toEqual([
      { id: normal.id, status: 'duplicate' },
      { id: high.id, status: 'duplicate' },
    ]);
    const reused = await agentAsk(agent, 'readings:upload', {
      readings: [
        { deviceId: cuff.id, reading: { ...normal, values: { systolic: 150, diastolic: 90, pulse: 70 } } },
      ],
    });
    expect('data' in reused && reused.data.outcomes).toEqual([
      { id: normal.id, status: 'rejected', key: 'idempotencyKeyReused', message: expect.any(String) },
    ]);
    expect(await agentAsk(agent, 'readings:upload', { readings: [] })).toMatchObject({
      error: 'validationFailed',
    });

    const list = await api(
      'GET',
      `/measurements?patient=${people.patient.accountId}&pageSize=100`,
      'physician',
    );
    const stored = list.body.data.filter((m: Json) => m.id === normal.id || m.id === high.id);
    expect(stored).toHaveLength(2);
    for (const m of stored) expect(m).toMatchObject({ source: 'gateway', rangeClass: expect.any(String) });
    expect(stored.find((m: Json) => m.id === normal.id).rangeClass).toBe('normal');
    const physicianAlerts = await api(
      'GET',
      `/alerts?patient=${people.patient.accountId}&pageSize=100`,
      'physician',
    );
    const ids = physicianAlerts.body.data.map((a: Json) => a.measurementId);
    expect(ids).toContain(high.id);
    expect(ids).not.toContain(normal.id);
    expect((await api('GET', `/devices/${cuff.id}`, 'patient')).body.data.lastReadingAt).not.toBeNull();
  });

  it('keeps what the device reported of itself', async () => {
    expect(
      await agentAsk(agent, 'device:state', { deviceId: cuff.id, manufacturer: 'Omron', batteryLevel: 80 }),
    ).toEqual({ data: { deviceId: cuff.id } });
    expect(await agentAsk(agent, 'device:state', { deviceId: randomUUID(), batteryLevel: 50 })).toMatchObject(
      { error: 'notFound' },
    );
    expect((await api('GET', `/devices/${cuff.id}`, 'physician')).body.data).toMatchObject({
      manufacturer: 'Omron',
      batteryLevel: 80,
    });
  });
});

describe('a batch of readings from the gateway', () => {
  it('is stored as one: each task completed once by the reading in its window, one alert opened then raised, a repeated id once', async () => {
    const db = t.edge.deps.db;
    // A patient of the clinic of their own, so no other test's tasks or alerts are theirs.
    const [clinic] = await db.select({ id: accounts.organisationId }).from(accounts).where(eq(accounts.id, people.patient.accountId));
    const person = await createPerson(db, ROLES.Patient, 'pat', clinic!.id);
    const patient = { token: (await t.login(person.username)).token, accountId: person.accountId };
    const theirs = await pairGateway(t, patient);
    const theirAgent = agents.open(t.url, { token: theirs.token });
    await agentOutcome(theirAgent);
    const theirCuff = (
      await t.call('POST', '/api/v1/devices', {
        token: patient.token,
        body: { gatewayId: theirs.gatewayId, address: 'C4:7C:8D:6A:55:01', name: 'Cuff', profileId: bpProfile.profileId },
      })
    ).body.data;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const task = async (time: string) =>
      (await api('POST', '/tasks', 'physician', { patientId: patient.accountId, type: 'bp', date: yesterday, time, timezone: 'UTC' })).body.data.id as string;
    const morning = await task('08:00');
    const evening = await task('20:00');
    const at = (time: string) => `${yesterday}T${time}:00.000Z`;
    const morningReading = { ...bp(110, 70), takenAt: at('07:55') };
    const secondMorning = { ...bp(112, 72), takenAt: at('08:05') };
    const noon = { ...bp(140, 85), takenAt: at('12:00') };
    const eveningReading = { ...bp(185, 100), takenAt: at('19:58') };
    const batch = [morningReading, secondMorning, noon, eveningReading, secondMorning].map((reading) => ({ deviceId: theirCuff.id, reading }));

    const answer = await agentAsk(theirAgent, 'readings:upload', { readings: batch });
    expect('data' in answer && answer.data.outcomes.map((o) => o.status)).toEqual(['stored', 'stored', 'stored', 'stored', 'duplicate']);

    const stored = await db.select({ id: measurements.id }).from(measurements).where(eq(measurements.patientAccountId, patient.accountId));
    expect(stored).toHaveLength(4);
    const taskRows = await db.select({ id: tasks.id, status: tasks.status, measurementId: tasks.measurementId }).from(tasks).where(eq(tasks.patientAccountId, patient.accountId));
    expect(new Map(taskRows.map((row) => [row.id, [row.status, row.measurementId]]))).toEqual(
      new Map([
        [morning, ['complete', morningReading.id]],
        [evening, ['complete', eveningReading.id]],
      ]),
    );
    const theirAlerts = await db.select({ id: alerts.id, severity: alerts.severity, rangeClass: alerts.rangeClass }).from(alerts).where(eq(alerts.patientAccountId, patient.accountId));
    expect(theirAlerts).toMatchObject([{ rangeClass: 'highest' }]);
    const history = await db.select({ kind: alertEvents.kind, data: alertEvents.data }).from(alertEvents).where(eq(alertEvents.alertId, theirAlerts[0]!.id));
    expect(history.map((e) => [e.kind, (e.data as Json).measurementId])).toEqual([
      ['opened', noon.id],
      ['raised', eveningReading.id],
    ]);
    // The timeline after the gateway's pairing: each reading, with the task it completed or the alert it opened or raised.
    const timeline = await db.select({ kind: patientEvents.kind, refId: patientEvents.refId }).from(patientEvents).where(eq(patientEvents.patientAccountId, patient.accountId)).orderBy(patientEvents.id);
    expect(timeline.filter((e) => e.kind !== 'gateway')).toEqual([
      { kind: 'measurement', refId: morningReading.id },
      { kind: 'taskCompleted', refId: morning },
      { kind: 'measurement', refId: secondMorning.id },
      { kind: 'measurement', refId: noon.id },
      { kind: 'alert', refId: theirAlerts[0]!.id },
      { kind: 'measurement', refId: eveningReading.id },
      { kind: 'taskCompleted', refId: evening },
      { kind: 'alert', refId: theirAlerts[0]!.id },
    ]);
  });
});

describe('profile versions, removal', () => {
  it('sends the gateway a profile its device runs when a new version is completed', async () => {
    const vendor = await api('POST', '/vendors', 'admin', {
      vendorName: `Cuffs ${randomUUID().slice(0, 6)}`,
    });
    const copy = (await api('POST', `/device-profiles/${bpProfile.profileId}/duplicate`, 'admin')).body.data;
    await api('PATCH', `/device-profiles/${copy.id}`, 'admin', { vendorId: vendor.body.data.id });
    expect((await api('POST', `/device-profiles/${copy.id}/complete`, 'admin')).status).toBe(200);
    const device = await api('POST', '/devices', 'patient', {
      gatewayId: gateway.gatewayId,
      address: 'C4:7C:8D:6A:12:35',
      name: 'Spare cuff',
      profileId: copy.id,
    });
    expect(device.status).toBe(201);

    const work = nextAgentEvent(agent, 'work:changed', (w) =>
      w.profiles.some((p) => p.profileId === copy.id && p.version === 2),
    );
    await api('PATCH', `/device-profiles/${copy.id}`, 'admin', { device: 'Upper-arm cuff v2' });
    await api('POST', `/device-profiles/${copy.id}/complete`, 'admin');
    expect((await work).profiles.find((p) => p.profileId === copy.id)?.device).toBe('Upper-arm cuff v2');

    const removed = nextAgentEvent(
      agent,
      'work:changed',
      (w) => !w.devices.some((d) => d.id === device.body.data.id),
    );
    expect((await api('DELETE', `/devices/${device.body.data.id}`, 'patient')).status).toBe(200);
    await removed;
  });

  it('removes a gateway: its agent is told and cut off, its token and devices are gone', async () => {
    const told = nextAgentEvent(agent, 'gateway:removed');
    const closed = new Promise<void>((resolve) => agent.once('disconnect', () => resolve()));
    expect((await api('DELETE', `/gateways/${gateway.gatewayId}`, 'patient')).status).toBe(200);
    expect(await told).toEqual({ gatewayId: gateway.gatewayId });
    await closed;
    expect(await agentOutcome(agents.open(t.url, { token: gateway.token }))).toMatchObject({
      connected: false,
      data: { error: 'tokenInvalid' },
    });
    expect(
      (await api('GET', '/patients/me/gateways', 'patient')).body.data.map((g: Json) => g.id),
    ).not.toContain(gateway.gatewayId);
    expect(
      (await api('GET', '/patients/me/devices', 'patient')).body.data.filter(
        (d: Json) => d.gatewayId === gateway.gatewayId,
      ),
    ).toEqual([]);
    expect((await api('GET', `/gateways/${gateway.gatewayId}`, 'patient')).status).toBe(404);
    // The box is pending again: the patient (or another) can add it anew.
    expect((await requestToken(t, gateway.mac, gateway.pairingCode)).body.data).toEqual({
      status: 'pending',
      gatewayId: gateway.gatewayId,
    });
  });
});
