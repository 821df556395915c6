import { randomBytes } from 'node:crypto';
import { accounts } from '@opencare/api/db/schema';
import { testDatabaseKind, testEnv } from '@opencare/api/testing/env';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  organisationOf,
  signInCast,
  type Cast,
} from '../testing/appointment-fixtures';
import {
  ask,
  collect,
  connected,
  nextEvent,
  socketClients,
  type TestSocket,
} from '../testing/socket-clients';
import type { Json, TestEdge } from '../testing/test-edge';
import { cuttableLink, sleep, until, type CuttableLink } from '../testing/private-servers';
import { startTwoEdges } from '../testing/two-edges';

/**
 * Two edge processes' worth of edges — two Fastify and Socket.IO servers on their own ports — over
 * one database and one Redis, as docker-compose runs them: what a socket of one edge hears must
 * not depend on which edge took the request. Needs Redis (the Streams adapter); CI sets REDIS_URL.
 */
const redisUrl = testEnv.REDIS_URL;

describe.runIf(redisUrl)('two edges sharing one database and Redis (runs when REDIS_URL is set)', () => {
  let a: TestEdge;
  let b: TestEdge;
  let cast: Cast;
  beforeAll(async () => {
    [a, b] = await startTwoEdges();
    cast = await signInCast(a);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const clients = socketClients();
  afterEach(() => clients.closeAll());
  const bp = (systolic: number) => ({ type: 'bp', values: { systolic, diastolic: 80, pulse: 70 } });
  const recordOn = (edge: TestEdge, systolic: number) =>
    edge.call('POST', '/api/v1/measurements', { token: cast.token.patient, body: bp(systolic) });

  it('delivers a reading recorded through one edge to a screen watching on the other', async () => {
    const physician = await connected(clients.open(a.url, { token: cast.token.physician }));
    expect(await ask(physician, 'patient:watch', { patientId: cast.id.patient })).toMatchObject({ data: {} });

    const arrived = nextEvent(
      physician,
      'patient:event',
      (p) => p.event.data.type === 'bp' && (p.event.data.values as Json).systolic === 131,
    );
    expect((await recordOn(b, 131)).status).toBe(201);
    expect(await arrived).toMatchObject({ patientId: cast.id.patient, event: { kind: 'measurement' } });
  });

  it('relays Simple Peer signals and chat messages between devices on different edges, and tells a device taken over', async () => {
    const clinic = await organisationOf(a.edge.deps.db, cast.id.patient);
    const { visitId } = await insertAppointmentWithVisit(a.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient,
      providerAccountId: cast.id.physician,
      startsAt: new Date(Date.now() + 2 * 60_000),
      status: 'confirmed',
      type: 'tv',
    });
    const tab = () => `tab-${randomBytes(6).toString('hex')}`;
    const join = (edge: TestEdge, who: 'patient' | 'physician', deviceId: string, takeOver = false) =>
      edge.call('POST', `/api/v1/visits/${visitId}/participants/join`, {
        token: cast.token[who],
        body: { deviceId, takeOver },
      });

    // The patient checks in through B and waits there; the physician's screen on A hears the knock.
    const physicianHome = await connected(clients.open(a.url, { token: cast.token.physician }));
    const knock = nextEvent(physicianHome, 'visit:knock', (k) => k.visitId === visitId);
    const patientTab = tab();
    expect((await join(b, 'patient', patientTab)).body.data).toMatchObject({ call: null, waiting: { place: 1 } });
    const patient = await connected(clients.open(b.url, { token: cast.token.patient }));
    expect(await ask(patient, 'visit:enter', { visitId, deviceId: patientTab })).toMatchObject({ data: { waiting: { place: 1 } } });
    expect((await knock).waiting.map((p) => p.deviceId)).toEqual([patientTab]);

    // The physician joins through A and listens on A, then lets the patient in through A: the
    // patient's device on B is told, joins again and enters the call's room.
    const physicianTab = tab();
    expect((await join(a, 'physician', physicianTab)).status).toBe(200);
    const physician = await connected(clients.open(a.url, { token: cast.token.physician }));
    expect(await ask(physician, 'visit:enter', { visitId, deviceId: physicianTab })).toMatchObject({ data: { inRoom: [] } });
    const admitted = nextEvent(patient, 'visit:admitted');
    expect((await a.call('POST', `/api/v1/visits/${visitId}/admit`, { token: cast.token.physician, body: {} })).status).toBe(200);
    expect(await admitted).toEqual({ visitId, deviceId: patientTab });
    expect((await join(b, 'patient', patientTab)).body.data).toMatchObject({ waiting: null, call: { engine: expect.any(String) } });
    // The physician on A hears that the patient's device entered on B: it can be offered to now…
    const patientEntered = nextEvent(physician, 'visit:entered');
    // …and the patient's device is told the physician's device is in the room, though on A.
    expect(await ask(patient, 'visit:enter', { visitId, deviceId: patientTab })).toMatchObject({
      data: { participants: expect.any(Array), inRoom: [physicianTab], waiting: null },
    });
    expect(await patientEntered).toEqual({ visitId, deviceId: patientTab });

    // An offer from A to the patient's device on B, and the answer back.
    const offer = nextEvent(patient, 'visit:signal');
    expect(
      await ask(physician, 'visit:signal', {
        visitId,
        toDeviceId: patientTab,
        signal: { type: 'offer', sdp: 'v=0 offer' },
      }),
    ).toEqual({
      data: { sent: true },
    });
    expect(await offer).toEqual({
      visitId,
      fromDeviceId: physicianTab,
      fromAccountId: cast.id.physician,
      signal: { type: 'offer', sdp: 'v=0 offer' },
    });
    const answer = nextEvent(physician, 'visit:signal');
    await ask(patient, 'visit:signal', {
      visitId,
      toDeviceId: physicianTab,
      signal: { type: 'answer', sdp: 'v=0 answer' },
    });
    expect(await answer).toMatchObject({
      fromDeviceId: patientTab,
      fromAccountId: cast.id.patient,
      signal: { type: 'answer' },
    });

    // A chat message sent on A reaches the patient's device on B.
    const chat = nextEvent(patient, 'visit:chatMessage');
    expect(await ask(physician, 'visit:chat', { visitId, body: 'Can you see me?' })).toHaveProperty('data');
    expect(await chat).toMatchObject({ visitId, senderAccountId: cast.id.physician, body: 'Can you see me?' });

    // Simple Peer's own renegotiation request (screen share from the answering side) goes through.
    const renegotiation = nextEvent(physician, 'visit:signal');
    expect(
      await ask(patient, 'visit:signal', { visitId, toDeviceId: physicianTab, signal: { type: 'renegotiate', renegotiate: true } }),
    ).toEqual({ data: { sent: true } });
    expect((await renegotiation).signal).toEqual({ type: 'renegotiate', renegotiate: true });

    // The patient takes over from a second device through A: the first device, on B, is told and
    // can no longer signal.
    const takenOver = nextEvent(patient, 'visit:takenOver');
    const secondTab = tab();
    expect((await join(a, 'patient', secondTab, true)).status).toBe(200);
    expect(await takenOver).toEqual({ visitId, deviceId: patientTab });
    expect(
      await ask(patient, 'visit:signal', {
        visitId,
        toDeviceId: physicianTab,
        signal: { renegotiate: true },
      }),
    ).toMatchObject({
      error: 'err_forbidden',
    });
  });

  it('replays what a short disconnect missed, and lets no revoked session resume', async () => {
    const { token } = await a.login('nurse');
    const socket = clients.open(a.url, { token }, { reconnectAfterMs: 1500 });
    await connected(socket);
    expect(await ask(socket, 'patient:watch', { patientId: cast.id.patient })).toMatchObject({ data: {} });
    // A client resumes from the last broadcast it received: with none yet it has nothing to resume
    // from (under load, its own presence event could still be on its way when the connection dropped).
    const first = nextEvent(socket, 'patient:event', (p) => (p.event.data.values as Json).systolic === 141);
    expect((await recordOn(b, 141)).status).toBe(201);
    await first;

    // The connection drops; a reading is recorded (through B) while it is down.
    await dropConnection(a, socket);
    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const replayed = nextEvent(
      socket,
      'patient:event',
      (p) => (p.event.data.values as Json).systolic === 142,
    );
    expect((await recordOn(b, 142)).status).toBe(201);
    // Recovered first (a refused recovery and a lost event fail with different messages), then replayed.
    await back;
    expect(socket.recovered).toBe(true);
    await replayed;

    // Signed out while disconnected: the recovery's handshake is refused.
    await dropConnection(a, socket);
    await a.call('POST', '/api/v1/auth/logout', { token });
    const refused = await new Promise<Json>((resolve) =>
      socket.once('connect_error', (error: Json) => resolve(error.data)),
    );
    expect(refused).toMatchObject({ error: 'sessionExpired' });
  });

  it('keeps an account online while it has a socket on either edge, and tells the staff once', async () => {
    const admin = await connected(clients.open(a.url, { token: cast.token.admin }));
    const changes = collect(admin, 'presence:changed');
    const ofPatient2 = (isOnline: boolean) => (p: { accountId: string; isOnline: boolean }) =>
      p.accountId === cast.id.patient2 && p.isOnline === isOnline;
    const open = (edge: TestEdge) => connected(clients.open(edge.url, { token: cast.token.patient2 }));
    const isOnline = async () => {
      const [row] = await a.edge.deps.db
        .select({ isOnline: accounts.isOnline })
        .from(accounts)
        .where(eq(accounts.id, cast.id.patient2));
      return row?.isOnline;
    };

    const online = nextEvent(admin, 'presence:changed', ofPatient2(true));
    const onA = await open(a);
    await online;
    // A second socket on A and two on B; then A's close: B's keep the account online.
    const [secondOnA, onB, secondOnB] = [await open(a), await open(b), await open(b)];
    onA.disconnect();
    secondOnA.disconnect();
    const settled = () => new Promise((resolve) => setTimeout(resolve, 300));
    await settled();
    expect(await isOnline()).toBe(true);
    expect(changes.filter(ofPatient2(true))).toHaveLength(1);
    expect(changes.filter(ofPatient2(false))).toHaveLength(0);

    // Offline only when the last one, on B, leaves; told once.
    const offline = nextEvent(admin, 'presence:changed', ofPatient2(false));
    onB.disconnect();
    await settled();
    expect(await isOnline()).toBe(true);
    secondOnB.disconnect();
    await offline;
    expect(await isOnline()).toBe(false);
    expect(changes.filter(ofPatient2(false))).toHaveLength(1);
  });

  it('closes a guest’s socket on one edge when their link is revoked through the other', async () => {
    const clinic = await organisationOf(a.edge.deps.db, cast.id.patient);
    const { visitId } = await insertAppointmentWithVisit(a.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient,
      providerAccountId: cast.id.physician,
      startsAt: new Date(Date.now() + 2 * 60_000),
      status: 'confirmed',
      type: 'tv',
    });
    const email = `guest.${randomBytes(4).toString('hex')}@example.org`;
    const invited = await b.call('POST', '/api/v1/telehealth-invitations', {
      token: cast.token.physician,
      body: { visitId, fullName: 'Sam Guest', email },
    });
    expect(invited.status).toBe(201);
    // The key from the mail, read by the organisation's admin.
    const mail = await a.call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(email)}`, { token: cast.token.admin });
    const key = /telehealth-invitations\?key=([\w-]+)/.exec(mail.body.data[0]?.text ?? '')?.[1];
    const deviceId = `tab-${randomBytes(6).toString('hex')}`;
    const joined = await a.call('POST', '/api/v1/telehealth-invitations/join', { body: { key, deviceId } });
    expect(joined.status).toBe(200);
    const guest = await connected(clients.open(a.url, { guestToken: joined.body.data.guestToken }));
    expect(await ask(guest, 'visit:enter', { visitId, deviceId })).toMatchObject({ data: {} });

    const told = nextEvent(guest, 'session:revoked');
    const closed = new Promise<string>((resolve) => guest.once('disconnect', resolve));
    const revoked = await b.call('PATCH', `/api/v1/telehealth-invitations/${invited.body.data.id}/revoke`, {
      token: cast.token.physician,
    });
    expect(revoked.status).toBe(200);
    expect(await told).toEqual({ reason: 'invitationRevoked' });
    expect(await closed).toBe('io server disconnect');
  });
});

// Once: the database plays no part in it (PostgreSQL project).
describe.runIf(redisUrl && testDatabaseKind === 'postgres')('one edge cut off from Redis while the other keeps it (PostgreSQL project)', () => {
  let link: CuttableLink;
  let a: TestEdge;
  let b: TestEdge;
  let cast: Cast;
  beforeAll(async () => {
    link = await cuttableLink(redisUrl!);
    [a, b] = await startTwoEdges({ firstRedisUrl: link.url });
    cast = await signInCast(b);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await link.close();
  });

  const clients = socketClients();
  afterEach(() => clients.closeAll());
  const redisOf = async (edge: TestEdge) => ((await edge.call('GET', '/readyz')).status === 200 ? 'up' : 'down');

  it("tells every edge's screens to load again once the edge's Redis link is back: the others' screens missed what it could not publish", async () => {
    const watching = async (edge: TestEdge) => {
      const screen = await connected(clients.open(edge.url, { token: cast.token.physician }));
      expect(await ask(screen, 'patient:watch', { patientId: cast.id.patient })).toMatchObject({ data: {} });
      return { events: collect(screen, 'patient:event'), resyncs: collect(screen, 'live:resync') };
    };
    const onA = await watching(a);
    const onB = await watching(b);

    await link.cut();
    await until(async () => (await redisOf(a)) === 'down', 10_000, "the first edge's Redis gone");
    const recorded = await a.call('POST', '/api/v1/measurements', {
      token: cast.token.patient,
      body: { type: 'bp', values: { systolic: 137, diastolic: 80, pulse: 70 } },
    });
    expect(recorded.status).toBe(201);
    // Long enough for the edge's Redis client to give up what it holds for the connection to come
    // back: after 8 s the other edge's screen had not heard of the reading (after 1.5 s it heard it late).
    await sleep(8000);
    await link.restore();
    await until(async () => (await redisOf(a)) === 'up', 15_000, "the first edge's Redis back");

    await until(() => onB.resyncs.length > 0 && onA.resyncs.length > 0, 10_000, 'live:resync on both edges');
    // The edge's own screen heard the reading as it was stored.
    expect(onA.events.filter((e) => (e.event.data.values as Json)?.systolic === 137)).toHaveLength(1);
  });
});

/** Close the socket's transport as a network drop would, and wait until the edge has let it go. */
async function dropConnection(edge: TestEdge, socket: TestSocket): Promise<void> {
  const id = socket.id;
  socket.io.engine.close();
  for (let i = 0; i < 100 && id && edge.edge.io.of('/').sockets.has(id); i += 1)
    await new Promise((r) => setTimeout(r, 20));
}
