import { randomBytes } from 'node:crypto';
import { visitParticipants, visits } from '@opencare/api/db/schema';
import type { Mail } from '@opencare/api/mail/mailer';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  admitAutomatically,
  insertAppointmentWithVisit,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { ROLES } from '@opencare/schemas/roles';
import { createOutsider, createPerson } from '../testing/fixtures';
import { ask, connected, nextEvent, socketClients, type TestSocket } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/**
 * The waiting room (issue 18), with the organisation's default: patients and guests wait until a
 * physician or nurse lets them in. Everything is checked through the API and real sockets, and
 * admission in the database.
 */

let t: TestEdge;
let cast: Cast;
let clinic: string;
const sent: Mail[] = [];
const clients = socketClients();

beforeAll(async () => {
  t = await startTestEdge({
    env: { WAITING_ROOM_GRACE_SECONDS: '1' },
    mailer: { kind: 'outbox', send: (mail) => Promise.resolve(void sent.push(mail)) },
  });
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
});
afterEach(() => clients.closeAll());
afterAll(() => t.close());

const api = (method: string, path: string, who: Person | { token: string }, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: typeof who === 'string' ? cast.token[who] : who.token, body });
const device = () => `tab-${randomBytes(6).toString('hex')}`;

/** A video visit of the clinic, with this patient, by default with the physician. */
async function videoVisit(patient: 'patient' | 'patient2' = 'patient', providerAccountId = cast.id.physician) {
  const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: clinic,
    patientAccountId: cast.id[patient],
    providerAccountId,
    startsAt: new Date(Date.now() + 5 * 60_000),
    status: 'confirmed',
    type: 'tv',
  });
  return visitId;
}

const join = (visitId: string, who: Person, deviceId: string, takeOver = false) =>
  api('POST', `/visits/${visitId}/participants/join`, who, { deviceId, takeOver });

/** Join from a new device and enter with a socket of its own: the answer says where it is. */
async function arrive(visitId: string, who: Person) {
  const deviceId = device();
  const joined = await join(visitId, who, deviceId);
  expect(joined.status, who).toBe(200);
  const socket = await connected(clients.open(t.url, { token: cast.token[who] }));
  const entered = await ask(socket, 'visit:enter', { visitId, deviceId });
  if (!('data' in entered)) throw new Error(`${who} did not enter: ${JSON.stringify(entered)}`);
  return { deviceId, socket, session: joined.body.data, entered: entered.data };
}

const admittedAtOf = async (deviceId: string) =>
  (await t.edge.deps.db.select({ at: visitParticipants.admittedAt }).from(visitParticipants).where(eq(visitParticipants.deviceId, deviceId)))[0]?.at;

const providerScreen = () => connected(clients.open(t.url, { token: cast.token.physician }));

describe('the waiting room (admit required, the default)', () => {
  it('keeps the patient waiting with no way to call, knocks on the provider’s screens, and lets them in', async () => {
    const visitId = await videoVisit();
    const home = await providerScreen();
    const knock = nextEvent(home, 'visit:knock', (k) => k.visitId === visitId);

    const patient = await arrive(visitId, 'patient');
    // The join answers a place in line, and no way to call (no LiveKit token, no ICE servers).
    expect(patient.session).toMatchObject({ call: null, waiting: { place: 1, runningLateMinutes: null }, self: { admitted: false } });
    expect(patient.entered).toEqual({ participants: [], inRoom: [], messages: [], ownMessageIds: [], waiting: { place: 1, runningLateMinutes: null } });
    expect(await admittedAtOf(patient.deviceId)).toBeNull();
    expect(await knock).toMatchObject({
      visitId,
      patientName: 'Pat Morgan',
      waiting: [{ fullName: 'Pat Morgan', role: 'patient', deviceId: patient.deviceId, admitted: false }],
    });
    // The provider's waiting room lists the visit.
    const line = await api('GET', '/visits/waiting-room', 'physician');
    expect(line.status).toBe(200);
    expect(line.body.data.find((v: { visitId: string }) => v.visitId === visitId)).toMatchObject({ patientName: 'Pat Morgan' });

    // The physician, in the call, hears nothing from the waiting device; the waiting device can't signal or chat.
    const physician = await arrive(visitId, 'physician');
    expect(physician.session.call).not.toBeNull();
    expect(physician.entered.inRoom).toEqual([]);
    expect(physician.entered.participants.map((p: { role: string; admitted: boolean }) => [p.role, p.admitted])).toEqual([
      ['patient', false],
      ['provider', true],
    ]);
    expect(await ask(patient.socket, 'visit:signal', { visitId, toDeviceId: physician.deviceId, signal: { type: 'offer', sdp: 'v=0' } })).toMatchObject({ error: 'err_forbidden' });
    expect(await ask(patient.socket, 'visit:chat', { visitId, body: 'Hello?' })).toMatchObject({ error: 'err_forbidden' });

    // Let in: the patient's screen is told, joins again and gets a way to call, and enters the call's room.
    const admitted = nextEvent(patient.socket, 'visit:admitted');
    const res = await api('POST', `/visits/${visitId}/admit`, 'physician', { deviceIds: [patient.deviceId] });
    expect(res.status).toBe(200);
    expect(await admitted).toEqual({ visitId, deviceId: patient.deviceId });
    expect(await admittedAtOf(patient.deviceId)).toBeInstanceOf(Date);
    const again = await join(visitId, 'patient', patient.deviceId);
    expect(again.body.data).toMatchObject({ waiting: null, self: { admitted: true }, call: { engine: 'simple-peer' } });
    const entered = nextEvent(physician.socket, 'visit:entered');
    const inCall = await ask(patient.socket, 'visit:enter', { visitId, deviceId: patient.deviceId });
    expect(inCall).toMatchObject({ data: { inRoom: [physician.deviceId], waiting: null } });
    expect(await entered).toEqual({ visitId, deviceId: patient.deviceId });
    expect(await ask(patient.socket, 'visit:chat', { visitId, body: 'Hello!' })).toHaveProperty('data');

    // Back on another device (a reload on a new tab), they do not wait again.
    const other = device();
    expect((await join(visitId, 'patient', other, true)).body.data).toMatchObject({ waiting: null, self: { admitted: true } });
  });

  it('joining over the socket (visit:join) while not let in enters nothing of the call', async () => {
    const visitId = await videoVisit();
    const physician = await arrive(visitId, 'physician');
    const socket = await connected(clients.open(t.url, { token: cast.token.patient }));
    const deviceId = device();
    const joined = await ask(socket, 'visit:join', { visitId, deviceId });
    expect(joined).toMatchObject({ data: { session: { call: null, waiting: { place: 1 } }, room: null } });
    expect(await admittedAtOf(deviceId)).toBeNull();
    expect(await ask(socket, 'visit:signal', { visitId, toDeviceId: physician.deviceId, signal: { type: 'offer', sdp: 'v=0' } })).toMatchObject({ error: 'err_forbidden' });
    expect(await ask(socket, 'visit:chat', { visitId, body: 'Hello?' })).toMatchObject({ error: 'err_forbidden' });
  });

  it('shows each waiting visit its place in the provider’s line, and moves them up', async () => {
    // A provider of their own, so other tests' visits are not in this line.
    const doctor = await createPerson(t.edge.deps.db, ROLES.Physician, 'prov', clinic);
    const first = await videoVisit('patient', doctor.accountId);
    const second = await videoVisit('patient2', doctor.accountId);
    const pat = await arrive(first, 'patient');
    const sam = await arrive(second, 'patient2');
    expect([pat.entered.waiting?.place, sam.entered.waiting?.place]).toEqual([1, 2]);

    const doctorToken = (await t.login(doctor.username)).token;
    const late = nextEvent(sam.socket, 'visit:waiting', (w) => w.runningLateMinutes === 10);
    expect((await api('PUT', `/visits/${second}/running-late`, { token: doctorToken }, { minutes: 10 })).status).toBe(200);
    expect(await late).toEqual({ visitId: second, place: 2, runningLateMinutes: 10 });

    const movedUp = nextEvent(sam.socket, 'visit:waiting', (w) => w.place === 1);
    expect((await api('POST', `/visits/${first}/admit`, { token: doctorToken }, {})).status).toBe(200);
    expect(await movedUp).toEqual({ visitId: second, place: 1, runningLateMinutes: 10 });

    // On time again: the word is gone, in the database too.
    const onTime = nextEvent(sam.socket, 'visit:waiting', (w) => w.runningLateMinutes === null);
    expect((await api('PUT', `/visits/${second}/running-late`, { token: doctorToken }, { minutes: 0 })).status).toBe(200);
    await onTime;
    expect((await t.edge.deps.db.select({ late: visits.runningLateMinutes }).from(visits).where(eq(visits.id, second)))[0]?.late).toBeNull();

    // The visit ends while they wait: they hear it, and leave the line.
    const ended = nextEvent(sam.socket, 'visit:status', (s) => s.endedAt !== null);
    expect((await api('POST', `/visits/${second}/end`, { token: doctorToken })).status).toBe(200);
    await ended;
    expect((await api('GET', '/visits/waiting-room', { token: doctorToken })).body.data).toEqual([]);
  });

  it('lets only the clinic’s physicians and nurses admit or say they are late, with clear errors', async () => {
    const visitId = await videoVisit();
    const patient = await arrive(visitId, 'patient');
    for (const [who, status, key] of [
      ['patient', 403, 'err_forbidden'],
      ['assistant', 403, 'err_forbidden'],
      ['outsider', 404, 'notFound'],
    ] as const) {
      const admit = await api('POST', `/visits/${visitId}/admit`, who, {});
      expect([admit.status, admit.body.key], who).toEqual([status, key]);
      const late = await api('PUT', `/visits/${visitId}/running-late`, who, { minutes: 5 });
      expect([late.status, late.body.key], who).toEqual([status, key]);
    }
    expect(await admittedAtOf(patient.deviceId)).toBeNull();
    expect((await api('GET', '/visits/waiting-room', 'patient')).status).toBe(403);

    const tooLate = await api('PUT', `/visits/${visitId}/running-late`, 'physician', { minutes: 121 });
    expect([tooLate.status, tooLate.body.key]).toEqual([400, 'validationFailed']);
    expect(tooLate.body.errors.map((e: { field: string }) => e.field)).toEqual(['minutes']);
    const badDevice = await api('POST', `/visits/${visitId}/admit`, 'physician', { deviceIds: ['<script>'] });
    expect(badDevice.status).toBe(400);

    // A nurse of the clinic may let everyone in at once.
    const admitted = nextEvent(patient.socket, 'visit:admitted');
    expect((await api('POST', `/visits/${visitId}/admit`, 'nurse', {})).status).toBe(200);
    await admitted;
    expect(await admittedAtOf(patient.deviceId)).toBeInstanceOf(Date);

    // Nobody is let into a visit that ended.
    expect((await api('POST', `/visits/${visitId}/end`, 'physician')).status).toBe(200);
    const after = await api('POST', `/visits/${visitId}/admit`, 'physician', {});
    expect([after.status, after.body.key]).toEqual([409, 'visitEnded']);
  });

  it('lets a page that went away keep its place for a reload, then takes it out of the line', async () => {
    const visitId = await videoVisit('patient2');
    const sam = await arrive(visitId, 'patient2');
    const openPlace = async () =>
      (await t.edge.deps.db.select({ left: visitParticipants.leftAt }).from(visitParticipants).where(eq(visitParticipants.deviceId, sam.deviceId)))[0]?.left === null;

    // A reload: the page is back (a new socket, the same device) within the grace.
    sam.socket.disconnect();
    const back = await connected(clients.open(t.url, { token: cast.token.patient2 }));
    expect(await ask(back, 'visit:enter', { visitId, deviceId: sam.deviceId })).toMatchObject({ data: { waiting: { place: expect.any(Number) } } });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await openPlace()).toBe(true);

    // Closed for good: after the grace, out of the line.
    back.disconnect();
    await expect.poll(openPlace, { timeout: 5_000 }).toBe(false);
    const line = await api('GET', '/visits/waiting-room', 'physician');
    expect(line.body.data.map((v: { visitId: string }) => v.visitId)).not.toContain(visitId);
  });

  it('keeps a guest waiting too, until let in', async () => {
    const visitId = await videoVisit();
    const email = `guest.${randomBytes(4).toString('hex')}@example.org`;
    expect((await api('POST', '/telehealth-invitations', 'physician', { visitId, fullName: 'Sam Guest', email })).status).toBe(201);
    const key = /telehealth-invitations\?key=([\w-]+)/.exec(sent.findLast((m) => m.to === email)?.text ?? '')?.[1];
    const deviceId = device();
    const joined = await t.call('POST', '/api/v1/telehealth-invitations/join', { body: { key, deviceId } });
    // Its place depends on who else waits for this physician; it is in the line all the same.
    expect(joined.body.data).toMatchObject({ call: null, waiting: { place: expect.any(Number) }, self: { role: 'guest', admitted: false } });
    const guest: TestSocket = await connected(clients.open(t.url, { guestToken: joined.body.data.guestToken }));
    expect(await ask(guest, 'visit:enter', { visitId, deviceId })).toMatchObject({ data: { waiting: joined.body.data.waiting, participants: [] } });

    const admitted = nextEvent(guest, 'visit:admitted');
    expect((await api('POST', `/visits/${visitId}/admit`, 'physician', { deviceIds: [deviceId] })).status).toBe(200);
    await admitted;
    const again = await t.call('POST', '/api/v1/telehealth-invitations/join', { body: { key, deviceId } });
    expect(again.body.data).toMatchObject({ waiting: null, call: { engine: 'simple-peer' } });
  });
});

describe('admitting automatically (the organisation’s choice)', () => {
  it('lets the patient into the call at once, and knocks on nobody’s door', async () => {
    const other = await createOutsider(t.edge.deps.db, ROLES.Patient, 'pat');
    const theirClinic = await organisationOf(t.edge.deps.db, other.accountId);
    await admitAutomatically(t.edge.deps.db, theirClinic);
    const doctor = await createPerson(t.edge.deps.db, ROLES.Physician, 'prov', theirClinic);
    const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: theirClinic,
      patientAccountId: other.accountId,
      providerAccountId: doctor.accountId,
      startsAt: new Date(Date.now() + 5 * 60_000),
      status: 'confirmed',
      type: 'tv',
    });
    const token = (await t.login(other.username)).token;
    const joined = await api('POST', `/visits/${visitId}/participants/join`, { token }, { deviceId: device() });
    expect(joined.body.data).toMatchObject({ waiting: null, self: { admitted: true }, call: { engine: 'simple-peer' } });
    expect((await api('GET', '/visits/waiting-room', { token: (await t.login(doctor.username)).token })).body.data).toEqual([]);
  });
});
