import { randomBytes, randomUUID } from 'node:crypto';
import { accounts, patientEvents } from '@opencare/api/db/schema';
import { quietLive } from '@opencare/api/live/live-channel';
import type { Mail } from '@opencare/api/mail/mailer';
import { count, eq, or, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  insertAppointmentWithVisit,
  admitAutomatically,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { ask, collect, connected, nextEvent, outcome, socketClients } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
let cast: Cast;
/** What the edge mails (guest links), as sent. */
const mails: Mail[] = [];
beforeAll(async () => {
  t = await startTestEdge({
    mailer: { kind: 'outbox', send: (mail) => Promise.resolve(void mails.push(mail)) },
  });
  cast = await signInCast(t);
  await admitAutomatically(t.edge.deps.db, await organisationOf(t.edge.deps.db, cast.id.patient));
});
afterAll(() => t.close());

const clients = socketClients();
afterEach(() => clients.closeAll());
const connect = (auth: Record<string, unknown>) => clients.open(t.url, auth);
const signedIn = (who: Person) => connected(connect({ token: cast.token[who] }));
const bp = { type: 'bp', values: { systolic: 128, diastolic: 81, pulse: 70 } };
const recordReading = (who: Person = 'patient') =>
  t.call('POST', '/api/v1/measurements', { token: cast.token[who], body: bp });
const presenceOf = async (accountId: string) =>
  (
    await t.edge.deps.db
      .select({ isOnline: accounts.isOnline, lastSeen: accounts.lastSeen })
      .from(accounts)
      .where(eq(accounts.id, accountId))
  )[0];

const tab = () => `tab-${randomBytes(6).toString('hex')}`;
/** A video visit of the demo clinic (the patient with the physician) starting in a minute. */
async function videoVisit() {
  const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: await organisationOf(t.edge.deps.db, cast.id.patient),
    patientAccountId: cast.id.patient,
    providerAccountId: cast.id.physician,
    startsAt: new Date(Date.now() + 60_000),
    status: 'confirmed',
    type: 'tv',
  });
  return visitId;
}

describe('Socket.IO handshake', () => {
  it('refuses a handshake without a token, or with a bad one', async () => {
    expect(await outcome(connect({}))).toEqual({
      connected: false,
      data: { error: 'tokenRequired', message: 'A token is required. Please log in again.' },
    });
    expect(await outcome(connect({ token: 'forged.token.value' }))).toMatchObject({
      connected: false,
      data: { error: 'tokenInvalid' },
    });
    // Someone else's account cannot be acted as.
    expect(await outcome(connect({ token: cast.token.nurse, accountId: cast.id.physician }))).toMatchObject({
      connected: false,
      data: { error: 'err_forbidden' },
    });
  });

  it('accepts a live access token and knows who is there', async () => {
    const { token, body } = await t.login('physician');
    const socket = connect({ token });
    expect(await outcome(socket)).toEqual({ connected: true });
    expect(await ask(socket, 'session:whoami', {})).toEqual({
      data: { userId: body.data.id, accountId: body.data.accounts[0].id, roles: [101] },
    });
    expect(await ask(socket, 'session:whoami', { extra: true })).toMatchObject({ error: 'validationFailed' });
  });

  it('refuses a signed-out session', async () => {
    const { token } = await t.login('nurse');
    await t.call('POST', '/api/v1/auth/logout', { token });
    expect(await outcome(connect({ token }))).toMatchObject({
      connected: false,
      data: { error: 'sessionExpired' },
    });
  });
});

describe('ending a session', () => {
  it('tells and closes the sockets of a session signed out, and only those', async () => {
    const { token } = await t.login('assistant');
    const socket = await connected(connect({ token }));
    const otherSession = await connected(connect({ token: (await t.login('assistant')).token }));
    const revoked = nextEvent(socket, 'session:revoked');
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expect((await t.call('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
    expect(await revoked).toEqual({ reason: 'logout' });
    expect(await closed).toBe('io server disconnect');
    expect(await ask(otherSession, 'session:whoami', {})).toMatchObject({
      data: { accountId: cast.id.assistant },
    });
  });
});

describe('watching a patient timeline', () => {
  it('lets the clinicians of the organisation and the patient themself watch, and nobody else', async () => {
    const nurse = await signedIn('nurse');
    expect(await ask(nurse, 'patient:watch', { patientId: cast.id.patient })).toEqual({
      data: { patientId: cast.id.patient },
    });
    const patient = await signedIn('patient');
    expect(await ask(patient, 'patient:watch', { patientId: cast.id.patient })).toEqual({
      data: { patientId: cast.id.patient },
    });

    // Another patient of the same clinic, and a physician of another organisation.
    const otherPatient = await signedIn('patient2');
    expect(await ask(otherPatient, 'patient:watch', { patientId: cast.id.patient })).toMatchObject({
      error: 'err_forbidden',
    });
    const outsider = await signedIn('outsider');
    // Another organisation's patient is not found (issue 15, door 8).
    expect(await ask(outsider, 'patient:watch', { patientId: cast.id.patient })).toMatchObject({
      error: 'notFound',
    });
    // An id that is not a patient's is not found, whoever asks (ids cannot be probed).
    expect(await ask(nurse, 'patient:watch', { patientId: cast.id.physician })).toMatchObject({
      error: 'notFound',
    });
  });

  it('delivers a reading recorded over REST to the screens watching that patient only', async () => {
    const watching = await signedIn('physician');
    const elsewhere = await signedIn('nurse');
    expect(await ask(watching, 'patient:watch', { patientId: cast.id.patient })).toMatchObject({ data: {} });
    const unseen = collect(elsewhere, 'patient:event');

    const arrived = nextEvent(watching, 'patient:event', (p) => p.event.kind === 'measurement');
    const res = await recordReading();
    expect(res.status).toBe(201);
    const live = await arrived;
    expect(live).toMatchObject({
      patientId: cast.id.patient,
      event: {
        kind: 'measurement',
        refId: res.body.data.id,
        data: { type: 'bp', values: { systolic: 128, diastolic: 81 } },
      },
    });
    // The same event the timeline page shows.
    const page = await t.call('GET', `/api/v1/patients/${cast.id.patient}/timeline`, {
      token: cast.token.physician,
    });
    expect(page.body.data.items).toContainEqual(live.event);

    // A round trip on the other socket: anything sent to it before has arrived by now.
    await ask(elsewhere, 'session:whoami', {});
    expect(unseen).toEqual([]);

    // After unwatching, nothing more arrives.
    expect(await ask(watching, 'patient:unwatch', { patientId: cast.id.patient })).toEqual({
      data: { patientId: cast.id.patient },
    });
    const after = collect(watching, 'patient:event');
    await recordReading();
    await ask(watching, 'session:whoami', {});
    expect(after).toEqual([]);
  });
});

describe('a retried reading', () => {
  it('tells the watching screens and the inbox again what a first attempt stored without telling (its edge killed between commit and publish)', async () => {
    const watching = await signedIn('physician');
    expect(await ask(watching, 'patient:watch', { patientId: cast.id.patient })).toMatchObject({ data: {} });
    const told = collect(watching, 'patient:event');
    const inbox = collect(watching, 'alert:changed');
    // A reading higher than any before it, so it opens or raises the patient's blood pressure alert.
    const reading = { id: randomUUID(), type: 'bp', values: { systolic: 230, diastolic: 125, pulse: 90 }, takenAt: new Date().toISOString() };
    const post = () => t.call('POST', '/api/v1/measurements', { token: cast.token.patient, body: reading });

    // The first attempt commits on an edge that then tells nobody (it died before its publish).
    const edgeLive = t.edge.deps.live;
    t.edge.deps.live = quietLive;
    const first = await post().finally(() => (t.edge.deps.live = edgeLive));
    expect(first.status).toBe(201);
    await ask(watching, 'session:whoami', {});
    expect({ told, inbox }).toEqual({ told: [], inbox: [] });

    // The client's retry is answered as a replay, and the screen hears what the timeline says of it.
    const ofReading = or(eq(patientEvents.refId, reading.id), sql`${patientEvents.data}->>'measurementId' = ${reading.id}`);
    const stored = await t.edge.deps.db.select({ id: patientEvents.id, kind: patientEvents.kind }).from(patientEvents).where(ofReading);
    expect(stored.map((event) => event.kind).toSorted()).toEqual(['alert', 'measurement']);
    const retry = await post();
    expect(retry.status).toBe(200);
    await vi.waitFor(() => expect([told.length, inbox.length]).toEqual([stored.length, 1]));
    expect(told.map(({ event }) => event.id).toSorted()).toEqual(stored.map((event) => String(event.id)).toSorted());
    const alertId = told.find(({ event }) => event.kind === 'alert')?.event.refId;
    expect(inbox).toEqual([{ alertId, patientId: cast.id.patient, kind: expect.stringMatching(/^(opened|raised)$/) }]);

    // Told again, not written again: the timeline holds the reading's events once.
    const after = await t.edge.deps.db.select({ n: count() }).from(patientEvents).where(ofReading);
    expect(after[0]?.n).toBe(stored.length);
  });
});

describe('what a client sends', () => {
  it('answers malformed payloads with the validation key, and survives unknown events', async () => {
    const socket = await signedIn('physician');
    for (const payload of [
      {},
      { patientId: 'not-a-uuid' },
      { patientId: cast.id.patient, extra: 1 },
      'text',
      null,
      42,
    ]) {
      expect(await ask(socket, 'patient:watch', payload)).toMatchObject({
        error: 'validationFailed',
        message: expect.any(String),
      });
    }
    expect(await ask(socket, 'visit:enter', { visitId: 'x', deviceId: '' })).toMatchObject({
      error: 'validationFailed',
    });
    expect(
      await ask(socket, 'visit:signal', {
        visitId: cast.id.patient,
        toDeviceId: 'tab-1',
        signal: { type: 'evil' },
      }),
    ).toMatchObject({
      error: 'validationFailed',
    });
    // No acknowledgement asked for, or an event nobody listens to: ignored, the socket lives on.
    (socket.emit as (ev: string, ...args: unknown[]) => void)('patient:watch', {
      patientId: cast.id.patient,
    });
    (socket.emit as (ev: string, ...args: unknown[]) => void)('nobody:listens', { a: 1 }, () => undefined);
    expect(await ask(socket, 'session:whoami', {})).toMatchObject({ data: { accountId: cast.id.physician } });
  });

  it('puts a device out of the room when its place closes: left, then the visit ended', async () => {
    const visitId = await videoVisit();
    const [patientTab, physicianTab] = [tab(), tab()];
    const join = (who: Person, deviceId: string) =>
      t.call('POST', `/api/v1/visits/${visitId}/participants/join`, { token: cast.token[who], body: { deviceId } });
    expect((await join('patient', patientTab)).status).toBe(200);
    expect((await join('physician', physicianTab)).status).toBe(200);
    const [patient, physician] = [await signedIn('patient'), await signedIn('physician')];
    expect(await ask(patient, 'visit:enter', { visitId, deviceId: patientTab })).toHaveProperty('data');
    expect(await ask(physician, 'visit:enter', { visitId, deviceId: physicianTab })).toHaveProperty('data');
    const signal = { type: 'offer', sdp: 'v=0' } as const;
    expect(await ask(patient, 'visit:signal', { visitId, toDeviceId: physicianTab, signal })).toEqual({ data: { sent: true } });

    // The patient leaves over the API but keeps the socket open: it can no longer signal.
    const left = await t.call('POST', `/api/v1/visits/${visitId}/participants/leave`, {
      token: cast.token.patient,
      body: { deviceId: patientTab },
    });
    expect(left.status).toBe(200);
    expect(await ask(patient, 'visit:signal', { visitId, toDeviceId: physicianTab, signal })).toMatchObject({ error: 'err_forbidden' });

    // The physician ends the visit: nobody signals in it any more.
    expect((await t.call('POST', `/api/v1/visits/${visitId}/end`, { token: cast.token.physician })).status).toBe(200);
    expect(await ask(physician, 'visit:signal', { visitId, toDeviceId: patientTab, signal })).toMatchObject({ error: 'err_forbidden' });
  });

  it('keeps visits closed to a device that did not join them', async () => {
    const visitId = await videoVisit();
    const deviceId = tab();
    const socket = await signedIn('physician');
    expect(await ask(socket, 'visit:enter', { visitId, deviceId })).toMatchObject({ error: 'err_forbidden' });
    expect(
      await ask(socket, 'visit:signal', { visitId, toDeviceId: deviceId, signal: { renegotiate: true } }),
    ).toMatchObject({
      error: 'err_forbidden',
    });
  });
});

describe('relaying signals without a database look-up (issue 18: call set-up)', () => {
  it('relays only from devices still in the call: none taken over, signed out or with a revoked guest link', async () => {
    const visitId = await videoVisit();
    const { token: patientToken } = await t.login('patient');
    const [physicianTab, patientTab, secondTab, guestTab] = [tab(), tab(), tab(), tab()];
    const join = (token: string, deviceId: string, takeOver = false) =>
      t.call('POST', `/api/v1/visits/${visitId}/participants/join`, { token, body: { deviceId, takeOver } });
    expect((await join(cast.token.physician, physicianTab)).status).toBe(200);
    expect((await join(patientToken, patientTab)).status).toBe(200);
    const email = `guest.${randomBytes(3).toString('hex')}@example.org`;
    const invited = await t.call('POST', '/api/v1/telehealth-invitations', {
      token: cast.token.physician,
      body: { visitId, fullName: 'Sam Guest', email },
    });
    const key = /telehealth-invitations\?key=([\w-]+)/.exec(mails.findLast((m) => m.to === email)?.text ?? '')?.[1];
    const guestJoined = await t.call('POST', '/api/v1/telehealth-invitations/join', { body: { key, deviceId: guestTab } });
    expect(guestJoined.status).toBe(200);

    const physician = await signedIn('physician');
    expect(await ask(physician, 'visit:enter', { visitId, deviceId: physicianTab })).toHaveProperty('data');
    const received = collect(physician, 'visit:signal');
    const patient = await connected(connect({ token: patientToken }));
    const guest = await connected(connect({ guestToken: guestJoined.body.data.guestToken }));
    expect(await ask(patient, 'visit:enter', { visitId, deviceId: patientTab })).toHaveProperty('data');
    expect(await ask(guest, 'visit:enter', { visitId, deviceId: guestTab })).toHaveProperty('data');
    const signal = (socket: typeof physician) =>
      ask(socket, 'visit:signal', { visitId, toDeviceId: physicianTab, signal: { renegotiate: true } });
    expect(await signal(patient)).toEqual({ data: { sent: true } });
    expect(await signal(guest)).toEqual({ data: { sent: true } });
    await expect.poll(() => received.length).toBe(2);

    // Taken over from a second tab: the first tab's socket stays open, out of the call.
    const takenOver = nextEvent(patient, 'visit:takenOver');
    expect((await join(patientToken, secondTab, true)).status).toBe(200);
    await takenOver;
    expect(await signal(patient)).toMatchObject({ error: 'err_forbidden' });
    expect(await ask(patient, 'visit:enter', { visitId, deviceId: patientTab })).toMatchObject({ error: 'err_forbidden' });
    const second = await connected(connect({ token: patientToken }));
    expect(await ask(second, 'visit:enter', { visitId, deviceId: secondTab })).toHaveProperty('data');
    expect(await signal(second)).toEqual({ data: { sent: true } });
    await expect.poll(() => received.length).toBe(3);

    // The guest's link is revoked and the patient signs out: their sockets close at once, so no
    // signal of theirs is relayed (a new handshake is refused).
    const closed = (socket: typeof physician) => new Promise((resolve) => socket.once('disconnect', resolve));
    const sockets = [guest, patient, second].map(closed);
    const invitationId = (invited.body.data as { id: string }).id;
    expect((await t.call('PATCH', `/api/v1/telehealth-invitations/${invitationId}/revoke`, { token: cast.token.physician })).status).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/logout', { token: patientToken })).status).toBe(200);
    expect(await Promise.all(sockets)).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect']);
    expect(await outcome(connect({ token: patientToken }))).toMatchObject({ connected: false, data: { error: 'sessionExpired' } });
    expect(received.map((r) => r.fromDeviceId)).toEqual([patientTab, guestTab, secondTab]);
    expect(physician.connected).toBe(true);
  });
});

describe('presence', () => {
  it('marks an account online while it has a socket, offline after its last one, and tells the staff', async () => {
    const admin = await signedIn('admin');
    const changes = collect(admin, 'presence:changed');
    const ofPatient2 = (isOnline: boolean) => (p: { accountId: string; isOnline: boolean }) =>
      p.accountId === cast.id.patient2 && p.isOnline === isOnline;

    const online = nextEvent(admin, 'presence:changed', ofPatient2(true));
    const first = await signedIn('patient2');
    expect(await online).toMatchObject({
      accountId: cast.id.patient2,
      isOnline: true,
      lastSeen: expect.any(String),
    });
    const cameOnline = await presenceOf(cast.id.patient2);
    expect(cameOnline).toMatchObject({ isOnline: true, lastSeen: expect.any(Date) });
    // The patient list says so too.
    const listed = await t.call('GET', '/api/v1/patients?search=Haddad', { token: cast.token.physician });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ accountId: cast.id.patient2, isOnline: true, lastSeen: expect.any(String) }),
    ]);

    // A second and a third tab: no write, nobody told; then the first closes: still online.
    const second = await signedIn('patient2');
    const third = await signedIn('patient2');
    first.disconnect();
    third.disconnect();
    const offline = nextEvent(admin, 'presence:changed', ofPatient2(false));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await presenceOf(cast.id.patient2)).toEqual(cameOnline);
    expect(changes.filter(ofPatient2(true))).toHaveLength(1);

    const before = Date.now();
    second.disconnect();
    const gone = await offline;
    expect(Date.parse(gone.lastSeen ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const stored = await presenceOf(cast.id.patient2);
    expect(stored?.isOnline).toBe(false);
    expect(stored?.lastSeen?.toISOString()).toBe(gone.lastSeen);
    expect(changes.filter(ofPatient2(false))).toHaveLength(1);

    // Back after the last tab left: online again, and told.
    const again = nextEvent(admin, 'presence:changed', ofPatient2(true));
    await signedIn('patient2');
    await again;
    expect((await presenceOf(cast.id.patient2))?.isOnline).toBe(true);
  });

  it('tells patients nothing of other people', async () => {
    const patient = await signedIn('patient');
    const seen = collect(patient, 'presence:changed');
    const watcher = await signedIn('admin');
    const online = nextEvent(watcher, 'presence:changed', (p) => p.accountId === cast.id.nurse && p.isOnline);
    await signedIn('nurse');
    await online;
    await ask(patient, 'session:whoami', {});
    expect(seen.filter((p) => p.accountId !== cast.id.patient)).toEqual([]);
  });
});

describe('a visit guest', () => {
  it('enters the one visit room their token names, signals there, and reaches nothing else', async () => {
    const visitId = await videoVisit();
    const email = `guest.${randomBytes(3).toString('hex')}@example.org`;
    const invited = await t.call('POST', '/api/v1/telehealth-invitations', {
      token: cast.token.physician,
      body: { visitId, fullName: 'Sam Guest', email },
    });
    expect(invited.status).toBe(201);
    const key = /telehealth-invitations\?key=([\w-]+)/.exec(
      mails.findLast((m) => m.to === email)?.text ?? '',
    )?.[1];
    const guestTab = tab();
    const joined = await t.call('POST', '/api/v1/telehealth-invitations/join', {
      body: { key, deviceId: guestTab },
    });
    expect(joined.status).toBe(200);

    expect(await outcome(connect({ guestToken: 'forged.token.value' }))).toMatchObject({
      connected: false,
      data: { error: 'tokenInvalid' },
    });
    const guest = await connected(connect({ guestToken: joined.body.data.guestToken }));
    expect(await ask(guest, 'visit:enter', { visitId, deviceId: guestTab })).toMatchObject({
      data: { participants: [{ accountId: null, role: 'guest', deviceId: guestTab }] },
    });
    expect(await ask(guest, 'visit:enter', { visitId, deviceId: tab() })).toMatchObject({
      error: 'err_forbidden',
    });
    expect(await ask(guest, 'patient:watch', { patientId: cast.id.patient })).toMatchObject({
      error: 'err_forbidden',
    });
    expect(await ask(guest, 'session:whoami', {})).toMatchObject({ error: 'err_forbidden' });

    // The physician joins and enters; signals flow both ways, a guest's with no account.
    const physicianTab = tab();
    expect(
      (
        await t.call('POST', `/api/v1/visits/${visitId}/participants/join`, {
          token: cast.token.physician,
          body: { deviceId: physicianTab },
        })
      ).status,
    ).toBe(200);
    const physician = await signedIn('physician');
    expect(await ask(physician, 'visit:enter', { visitId, deviceId: physicianTab })).toMatchObject({
      data: {},
    });
    const toGuest = nextEvent(guest, 'visit:signal');
    await ask(physician, 'visit:signal', {
      visitId,
      toDeviceId: guestTab,
      signal: { type: 'offer', sdp: 'v=0' },
    });
    expect(await toGuest).toMatchObject({ fromDeviceId: physicianTab, fromAccountId: cast.id.physician });
    const toPhysician = nextEvent(physician, 'visit:signal');
    await ask(guest, 'visit:signal', {
      visitId,
      toDeviceId: physicianTab,
      signal: { type: 'answer', sdp: 'v=0' },
    });
    expect(await toPhysician).toMatchObject({ fromDeviceId: guestTab, fromAccountId: null });

    // After leaving the room, no more signals from this socket.
    expect(await ask(guest, 'visit:exit', { visitId })).toEqual({ data: { visitId } });
    expect(
      await ask(guest, 'visit:signal', { visitId, toDeviceId: physicianTab, signal: { renegotiate: true } }),
    ).toMatchObject({
      error: 'err_forbidden',
    });
  });

  it('limits the signals one socket may send', async () => {
    const visitId = await videoVisit();
    const patientTab = tab();
    const physicianTab = tab();
    for (const [who, deviceId] of [
      ['patient', patientTab],
      ['physician', physicianTab],
    ] as const) {
      expect(
        (
          await t.call('POST', `/api/v1/visits/${visitId}/participants/join`, {
            token: cast.token[who],
            body: { deviceId },
          })
        ).status,
      ).toBe(200);
    }
    const patient = await signedIn('patient');
    await ask(patient, 'visit:enter', { visitId, deviceId: patientTab });
    const answers = await Promise.all(
      Array.from({ length: 210 }, () =>
        ask(patient, 'visit:signal', { visitId, toDeviceId: physicianTab, signal: { renegotiate: true } }),
      ),
    );
    expect(answers.filter((a) => 'data' in a)).toHaveLength(200);
    expect(answers.filter((a) => 'error' in a)).toEqual(
      Array.from({ length: 10 }, () => expect.objectContaining({ error: 'rateLimited' })),
    );
  });
});
