import { randomBytes } from 'node:crypto';
import { resolveActor } from '@opencare/api/auth/auth.service';
import { auditLog, patientEvents, visitParticipants } from '@opencare/api/db/schema';
import type { LiveChannel } from '@opencare/api/live/live-channel';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { findActiveByDevice } from '@opencare/api/visits/visit-participants.repository';
import { enterVisitRoom } from '@opencare/api/visits/visit-room.service';
import type { VisitLiveEvent } from '@opencare/schemas/socket-events';
import { createTRPCClient, httpLink } from '@trpc/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  admitAutomatically,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { ask, connected, nextEvent, socketClients } from '../testing/socket-clients';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
let cast: Cast;
let clinic: string;
let live: VisitLiveEvent[] = [];

const ICE = [{ urls: 'stun:stun.test.invalid:3478' }];

beforeAll(async () => {
  t = await startTestEdge({ env: { ICE_SERVERS: JSON.stringify(ICE) } });
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
  await admitAutomatically(t.edge.deps.db, clinic);
  // Listen to what the visit service tells watching screens (and still pass it on to the edge).
  const edgeLive: LiveChannel = t.edge.deps.live;
  t.edge.deps.live = { ...edgeLive, visit: (event) => (live.push(event), edgeLive.visit(event)) };
});
afterAll(() => t.close());
beforeEach(() => {
  live = [];
});

const api = (method: string, path: string, who?: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
const fieldsOf = (res: { body: Json }) => (res.body.errors ?? []).map((e: Json) => e.field);
const device = () => `tab-${randomBytes(6).toString('hex')}`;
const minutesFromNow = (n: number) => new Date(Date.now() + n * 60_000);

/** A telemedicine appointment of the demo clinic (patient with the physician) and its visit. */
async function videoVisit(
  values: {
    startsAt?: Date;
    minutes?: number;
    status?: 'cancelled' | 'noShow' | 'completed';
    type?: 'pv' | 'tv';
  } = {},
) {
  const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: clinic,
    patientAccountId: cast.id.patient,
    providerAccountId: cast.id.physician,
    startsAt: values.startsAt ?? minutesFromNow(5),
    minutes: values.minutes,
    status: values.status ?? 'confirmed',
    type: values.type ?? 'tv',
  });
  return visitId;
}
const join = (visitId: string, who: Person, deviceId: string, takeOver?: boolean) =>
  api('POST', `/visits/${visitId}/participants/join`, who, {
    deviceId,
    ...(takeOver === undefined ? {} : { takeOver }),
  });
const leave = (visitId: string, who: Person, deviceId: string) =>
  api('POST', `/visits/${visitId}/participants/leave`, who, { deviceId });
const timelineOf = (visitId: string) =>
  t.edge.deps.db
    .select()
    .from(patientEvents)
    .where(and(eq(patientEvents.refId, visitId), eq(patientEvents.kind, 'visit')));
const rowsOf = (visitId: string) =>
  t.edge.deps.db.select().from(visitParticipants).where(eq(visitParticipants.visitId, visitId));

describe('joining a video visit', () => {
  it('checks the patient in, then lets the physician join, with everything the screen needs', async () => {
    const visitId = await videoVisit();
    const patientTab = device();
    const first = await join(visitId, 'patient', patientTab);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      visit: { id: visitId, status: 'w', startedAt: null, appointment: { patient: { id: cast.id.patient } } },
      self: { accountId: cast.id.patient, fullName: 'Pat Morgan', role: 'patient', deviceId: patientTab },
      participants: [{ accountId: cast.id.patient, deviceId: patientTab }],
      // No LiveKit on this edge: Simple Peer with the configured ICE servers, and why.
      call: { engine: 'simple-peer', iceServers: ICE, reason: 'livekitUnavailable' },
      timing: { joinEarlyMinutes: 10, endWarningMinutes: 5, stayOrLeaveSeconds: 60 },
    });
    expect(first.body.data.visit.notes).toBeNull();
    expect(live).toEqual([
      { kind: 'participants', visitId, participants: first.body.data.participants },
      { kind: 'status', visitId, status: 'w', startedAt: null, endedAt: null },
    ]);

    live = [];
    const doctorTab = device();
    const second = await join(visitId, 'physician', doctorTab);
    expect(second.body.data.self).toMatchObject({ role: 'provider', fullName: 'Priya Raman' });
    expect(second.body.data.participants.map((p: Json) => p.deviceId)).toEqual([patientTab, doctorTab]);
    expect(second.body.data.visit.status).toBe('w');
    expect(live).toEqual([{ kind: 'participants', visitId, participants: second.body.data.participants }]);
  });

  it('is for the patient and the clinic’s clinicians only', async () => {
    const visitId = await videoVisit();
    for (const who of ['patient2', 'admin', 'caregiver', 'outsider', 'outsiderPatient'] as const) {
      const res = await join(visitId, who, device());
      expect(res.status, who).toBe(who.startsWith('outsider') ? 404 : 403);
      expect(res.body.key).toBe(who.startsWith('outsider') ? 'notFound' : 'err_forbidden');
    }
    // An assistant may join to help the patient connect; a nurse may cover for the physician.
    for (const who of ['assistant', 'nurse'] as const) {
      expect((await join(visitId, who, device())).body.data.self.role, who).toBe('provider');
    }
    expect((await join(visitId, undefined as unknown as Person, device())).status).toBe(401);
    expect((await join('00000000-0000-4000-8000-000000000000', 'patient', device())).status).toBe(404);
    expect((await join('not-a-visit', 'patient', device())).status).toBe(400);
  });

  it('follows the joining rules with the spec’s messages', async () => {
    const tooEarly = await join(await videoVisit({ startsAt: minutesFromNow(30) }), 'patient', device());
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body).toMatchObject({
      key: 'joinTooEarly',
      message: 'You cannot join more than 10 minutes before the start.',
      params: { minutes: 10 },
    });
    const cases = [
      [{ startsAt: minutesFromNow(-90), minutes: 30 }, 'joinOutsideWindow'],
      [{ status: 'cancelled' }, 'appointmentCanceled'],
      [{ status: 'noShow' }, 'appointmentMissed'],
      [{ status: 'completed' }, 'appointmentCompleted'],
      [{ type: 'pv' }, 'unableToJoin'],
    ] as const;
    for (const [values, key] of cases) {
      const res = await join(await videoVisit(values), 'physician', device());
      expect(res.status, key).toBe(409);
      expect(res.body.key).toBe(key);
    }
    // Late but within the grace after the end (a patient running late to a short visit).
    expect(
      (await join(await videoVisit({ startsAt: minutesFromNow(-40), minutes: 30 }), 'patient', device()))
        .status,
    ).toBe(200);
  });

  it('refuses malformed bodies with field errors', async () => {
    const visitId = await videoVisit();
    const cases: [unknown, string[]][] = [
      [{}, ['deviceId']],
      [{ deviceId: 'short' }, ['deviceId']],
      [{ deviceId: 'has spaces in it' }, ['deviceId']],
      [{ deviceId: device(), takeOver: 'yes' }, ['takeOver']],
      [{ deviceId: device(), role: 'provider' }, ['(body)']],
    ];
    for (const [body, fields] of cases) {
      const res = await api('POST', `/visits/${visitId}/participants/join`, 'patient', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    expect(fieldsOf(await api('POST', `/visits/${visitId}/participants/leave`, 'patient', {}))).toEqual([
      'deviceId',
    ]);
    expect(
      (
        await t.call('POST', `/api/v1/visits/${visitId}/participants/join`, {
          token: cast.token.patient,
          body: '{"deviceId":',
        })
      ).status,
    ).toBe(400);
  });
});

describe('one device per person', () => {
  it('refuses a second device unless it takes over; the first is told and its place closed', async () => {
    const visitId = await videoVisit();
    const [phone, laptop] = [device(), device()];
    await join(visitId, 'patient', phone);

    const refused = await join(visitId, 'patient', laptop);
    expect(refused.status).toBe(409);
    expect(refused.body.key).toBe('visitActiveElsewhere');

    live = [];
    const taken = await join(visitId, 'patient', laptop, true);
    expect(taken.status).toBe(200);
    expect(taken.body.data.participants.map((p: Json) => p.deviceId)).toEqual([laptop]);
    expect(live[0]).toEqual({ kind: 'takenOver', visitId, accountId: cast.id.patient, deviceId: phone });
    expect(live[1]).toMatchObject({ kind: 'participants', participants: [{ deviceId: laptop }] });
    const rows = await rowsOf(visitId);
    expect(rows.find((r) => r.deviceId === phone)?.leftAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.deviceId === laptop)?.leftAt).toBeNull();

    // Rejoining from the same device (a reload) keeps its place: no new row, nothing announced.
    live = [];
    const again = await join(visitId, 'patient', laptop);
    expect(again.body.data.participants).toEqual(taken.body.data.participants);
    expect(await rowsOf(visitId)).toHaveLength(2);
    expect(live).toEqual([]);
  });

  it('lets a device leave, once; leaving from a device not in the visit changes nothing', async () => {
    const visitId = await videoVisit();
    const [tab, doctorTab] = [device(), device()];
    await join(visitId, 'patient', tab);
    await join(visitId, 'physician', doctorTab);
    live = [];
    const left = await leave(visitId, 'patient', tab);
    expect(left.status).toBe(200);
    expect(left.body.data.map((p: Json) => p.deviceId)).toEqual([doctorTab]);
    // The others hear who is left; the device's sockets are put out of the visit's room.
    expect(live).toEqual([
      { kind: 'participants', visitId, participants: left.body.data },
      { kind: 'left', visitId, deviceIds: [tab] },
    ]);
    live = [];
    expect((await leave(visitId, 'patient', tab)).body.data).toEqual(left.body.data);
    // Someone else's device id does not make anyone leave.
    expect((await leave(visitId, 'patient', doctorTab)).body.data).toEqual(left.body.data);
    expect(live).toEqual([]);
    expect((await leave(visitId, 'outsider', doctorTab)).status).toBe(404);
    // After leaving, the patient may join again from any device.
    expect((await join(visitId, 'patient', device())).status).toBe(200);
  });
});

describe('starting and ending', () => {
  it('is for the clinic’s physicians and nurses; the timeline and the screens hear of it', async () => {
    const visitId = await videoVisit({ startsAt: minutesFromNow(-2) });
    for (const who of ['patient', 'assistant', 'patient2', 'admin', 'outsider'] as const) {
      expect((await api('POST', `/visits/${visitId}/start`, who)).status, who).toBe(who === 'outsider' ? 404 : 403);
      expect((await api('POST', `/visits/${visitId}/end`, who)).status, who).toBe(who === 'outsider' ? 404 : 403);
    }
    const patientTab = device();
    await join(visitId, 'patient', patientTab);

    live = [];
    const started = await api('POST', `/visits/${visitId}/start`, 'physician');
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ id: visitId, status: 'ip', endedAt: null });
    const startedAt = started.body.data.startedAt as string;
    expect(Date.parse(startedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(live).toEqual([{ kind: 'status', visitId, status: 'ip', startedAt, endedAt: null }]);
    // A second start (another clinician) changes nothing.
    const again = await api('POST', `/visits/${visitId}/start`, 'nurse');
    expect(again.body.data).toMatchObject({ status: 'ip', startedAt });

    live = [];
    const ended = await api('POST', `/visits/${visitId}/end`, 'nurse');
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'ic', startedAt, completedAt: null });
    expect(live).toEqual([
      { kind: 'status', visitId, status: 'ic', startedAt, endedAt: ended.body.data.endedAt },
      { kind: 'participants', visitId, participants: [] },
      { kind: 'left', visitId, deviceIds: [patientTab] },
    ]);
    expect((await rowsOf(visitId)).every((r) => r.leftAt !== null)).toBe(true);
    expect((await timelineOf(visitId)).map((e) => (e.data as Json).action).sort()).toEqual([
      'ended',
      'started',
    ]);

    expect((await api('POST', `/visits/${visitId}/end`, 'physician')).body.key).toBe('visitEnded');
    expect((await api('POST', `/visits/${visitId}/start`, 'physician')).body.key).toBe('visitEnded');
    expect((await join(visitId, 'patient', patientTab)).body.key).toBe('visitEnded');

    // Ended is not complete: it stays on the incomplete list until its summary and notes.
    const incomplete = await api('GET', '/visits/incomplete?pageSize=100', 'physician');
    expect(incomplete.body.data.find((v: Json) => v.id === visitId)?.status).toBe('ic');
    const done = await api('POST', `/visits/${visitId}/complete`, 'physician', {
      summary: 'Fine.',
      notes: 'Fine.',
    });
    expect(done.body.data).toMatchObject({ status: 'c', endedAt: ended.body.data.endedAt });
  });

  it('follows the joining window and the appointment’s fate', async () => {
    const early = await api(
      'POST',
      `/visits/${await videoVisit({ startsAt: minutesFromNow(30) })}/start`,
      'physician',
    );
    expect(early.body).toMatchObject({ key: 'joinTooEarly', params: { minutes: 10 } });
    const cancelled = await videoVisit({ status: 'cancelled' });
    expect((await api('POST', `/visits/${cancelled}/start`, 'physician')).body.key).toBe(
      'appointmentCanceled',
    );
    expect((await api('POST', `/visits/${cancelled}/end`, 'physician')).body.key).toBe('appointmentCanceled');
    const missed = await videoVisit({ status: 'noShow' });
    expect((await api('GET', `/visits/${missed}`, 'physician')).body.data.status).toBe('ns');
    expect((await api('POST', `/visits/${missed}/end`, 'physician')).body.key).toBe('appointmentMissed');
  });
});

describe('the visit room for the socket layer', () => {
  it('admits only a device holding an active place in the visit', async () => {
    const visitId = await videoVisit();
    const tab = device();
    await join(visitId, 'patient', tab);
    const meta = { ip: '127.0.0.1', requestId: 'test' };
    const patient = await resolveActor(t.edge.deps, cast.token.patient);
    const physician = await resolveActor(t.edge.deps, cast.token.physician);

    const inRoom = await enterVisitRoom(t.edge.deps, patient, meta, { visitId, deviceId: tab });
    expect(inRoom.participants.map((p) => p.deviceId)).toEqual([tab]);
    expect(await findActiveByDevice(t.edge.deps.db, visitId, tab)).toMatchObject({ accountId: cast.id.patient });
    // Not the patient's device for the physician, nor a device that never joined, nor one that left.
    await expect(
      enterVisitRoom(t.edge.deps, physician, meta, { visitId, deviceId: tab }),
    ).rejects.toMatchObject({ key: 'err_forbidden' });
    await expect(
      enterVisitRoom(t.edge.deps, patient, meta, { visitId, deviceId: device() }),
    ).rejects.toMatchObject({ status: 403 });
    await leave(visitId, 'patient', tab);
    await expect(
      enterVisitRoom(t.edge.deps, patient, meta, { visitId, deviceId: tab }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await findActiveByDevice(t.edge.deps.db, visitId, tab)).toBeUndefined();
  });
});

describe('joining and entering the room in one step (visit:join, call set-up)', () => {
  const clients = socketClients();
  afterEach(() => clients.closeAll());
  const socketOf = (who: Person) => connected(clients.open(t.url, { token: cast.token[who] }));

  it('joins by the same rules, enters the room, and tells the others only once the device has its answer', async () => {
    const visitId = await videoVisit();
    const [doctor, patient] = await Promise.all([socketOf('physician'), socketOf('patient')]);
    const doctorTab = device();
    const patientTab = device();

    const first = await ask(doctor, 'visit:join', { visitId, deviceId: doctorTab });
    expect(first).toMatchObject({
      data: {
        session: { self: { role: 'provider', deviceId: doctorTab }, call: { engine: 'simple-peer', iceServers: ICE }, waiting: null },
        room: { inRoom: [], messages: [], ownMessageIds: [] },
      },
    });
    expect((await rowsOf(visitId)).map((r) => [r.deviceId, r.leftAt])).toEqual([[doctorTab, null]]);

    // The physician's device offers the moment it hears the patient's enter; the offer reaches a
    // patient device that already has its answer (it could not listen for signals before).
    let answered = false;
    const offerHeard = nextEvent(patient, 'visit:signal').then((s) => ({ ...s, afterAnswer: answered }));
    void nextEvent(doctor, 'visit:entered').then(({ deviceId }) =>
      ask(doctor, 'visit:signal', { visitId, toDeviceId: deviceId, signal: { type: 'offer', sdp: 'v=0' } }),
    );
    const second = await ask(patient, 'visit:join', { visitId, deviceId: patientTab });
    answered = true;
    expect(second).toMatchObject({ data: { session: { self: { role: 'patient' } }, room: { inRoom: [doctorTab] } } });
    expect(await offerHeard).toEqual({
      visitId,
      fromDeviceId: doctorTab,
      fromAccountId: cast.id.physician,
      signal: { type: 'offer', sdp: 'v=0' },
      afterAnswer: true,
    });
    // And the patient's device signals as the device it joined with.
    const answerHeard = nextEvent(doctor, 'visit:signal');
    expect(await ask(patient, 'visit:signal', { visitId, toDeviceId: doctorTab, signal: { type: 'answer', sdp: 'v=0' } })).toHaveProperty('data');
    expect(await answerHeard).toMatchObject({ fromDeviceId: patientTab });
    expect((await rowsOf(visitId)).filter((r) => !r.leftAt).map((r) => r.deviceId).sort()).toEqual([doctorTab, patientTab].sort());
  });

  it('refuses who may not join, audited, and malformed input with field errors; nothing is joined', async () => {
    const visitId = await videoVisit();
    const deniedJoins = async () =>
      (
        await t.edge.deps.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.actorAccountId, cast.id.patient2), eq(auditLog.action, 'visit.join'), eq(auditLog.outcome, 'denied')))
      ).length;
    const deniedBefore = await deniedJoins();
    // The REST answers: another organisation's people do not learn the visit exists.
    for (const who of ['patient2', 'admin', 'caregiver', 'outsider'] as const) {
      const answer = await ask(await socketOf(who), 'visit:join', { visitId, deviceId: device() });
      expect(answer, who).toMatchObject({ error: who === 'outsider' ? 'notFound' : 'err_forbidden' });
    }
    expect(await deniedJoins()).toBe(deniedBefore + 1);
    const early = await videoVisit({ startsAt: minutesFromNow(30) });
    expect(await ask(await socketOf('patient'), 'visit:join', { visitId: early, deviceId: device() })).toMatchObject({ error: 'joinTooEarly' });
    const malformed = await ask(await socketOf('patient'), 'visit:join', { visitId, deviceId: 'x'.repeat(500), takeOver: 'yes' });
    expect(malformed).toMatchObject({ error: 'validationFailed' });
    expect('errors' in malformed && malformed.errors?.map((e) => e.field).sort()).toEqual(['deviceId', 'takeOver']);
    expect(await rowsOf(visitId)).toEqual([]);
    expect(await rowsOf(early)).toEqual([]);
  });
});

describe('over tRPC', () => {
  it('joins, starts, leaves and ends with the same rules', async () => {
    const client = (who: Person) =>
      createTRPCClient<AppRouter>({
        links: [
          httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${cast.token[who]}` }) }),
        ],
      });
    const visitId = await videoVisit();
    const tab = device();
    const session = await client('patient').visits.join.mutate({ id: visitId, deviceId: tab });
    expect(session.self.deviceId).toBe(tab);
    expect((await client('physician').visits.start.mutate({ id: visitId })).status).toBe('ip');
    expect(await client('patient').visits.leave.mutate({ id: visitId, deviceId: tab })).toEqual([]);
    expect((await client('nurse').visits.end.mutate({ id: visitId })).status).toBe('ic');
    await expect(
      client('patient').visits.join.mutate({
        id: await videoVisit({ startsAt: minutesFromNow(30) }),
        deviceId: tab,
      }),
    ).rejects.toMatchObject({ data: { key: 'joinTooEarly', params: { minutes: 10 }, httpStatus: 409 } });
    await expect(client('assistant').visits.start.mutate({ id: visitId })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
  });
});
