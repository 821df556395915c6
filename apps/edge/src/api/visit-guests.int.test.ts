import { randomBytes } from 'node:crypto';
import { visitParticipants } from '@opencare/api/db/schema';
import type { Mail } from '@opencare/api/mail/mailer';
import { findAreaValues, upsertAreaValues } from '@opencare/api/settings/settings.repository';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * More than two people in a video visit (issue 18 item 5): guest links say who the guest is
 * (interpreter, family, other), a Simple Peer call takes at most four people at once (LiveKit has no
 * cap), and removing a guest (revoking their link) ends their place at once.
 */

/** A LiveKit server configured (none runs: tokens are minted, not used), so both engines can be chosen. */
const LIVEKIT = { url: 'ws://127.0.0.1:7880', key: 'devkey', secret: 'devsecret-for-tests-0123456789abcdef' };

let t: TestEdge;
let cast: Cast;
let clinic: string;
const sent: Mail[] = [];

beforeAll(async () => {
  t = await startTestEdge({
    mailer: { kind: 'outbox', send: (mail) => Promise.resolve(void sent.push(mail)) },
    env: { LIVEKIT_URL: LIVEKIT.url, LIVEKIT_API_KEY: LIVEKIT.key, LIVEKIT_API_SECRET: LIVEKIT.secret },
  });
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
});
afterAll(() => t.close());

/** The organisation's telemedicine settings for the next test: the engine, and the waiting room. */
async function telemedicine(values: { defaultCallEngine: 'livekit' | 'simple-peer'; admitRequired: boolean }) {
  const db = t.edge.deps.db;
  await upsertAreaValues(db, clinic, 'telemedicine', { ...(await findAreaValues(db, clinic, 'telemedicine')), ...values }, null);
}
beforeEach(() => telemedicine({ defaultCallEngine: 'simple-peer', admitRequired: false }));

const api = (method: string, path: string, who: Person | undefined, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
const device = () => `tab-${randomBytes(6).toString('hex')}`;
let n = 0;
const guestEmail = () => `guest${++n}.${randomBytes(3).toString('hex')}@example.org`;

async function videoVisit() {
  const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: clinic,
    patientAccountId: cast.id.patient,
    providerAccountId: cast.id.physician,
    startsAt: new Date(Date.now() + 5 * 60_000),
    status: 'confirmed',
    type: 'tv',
  });
  return visitId;
}

async function invite(visitId: string, extra: { role?: string; fullName?: string } = {}) {
  const email = guestEmail();
  const res = await api('POST', '/telehealth-invitations', 'physician', { visitId, fullName: 'Amira Haddad', email, ...extra });
  expect(res.status).toBe(201);
  const mail = sent.findLast((m) => m.to === email);
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!mail || !key) throw new Error('no guest link mailed');
  return { invitation: res.body.data, key, mail };
}
const guestJoin = (key: string, deviceId = device(), takeOver?: boolean) =>
  t.call('POST', '/api/v1/telehealth-invitations/join', { body: { key, deviceId, ...(takeOver ? { takeOver } : {}) } });
const join = (visitId: string, who: Person, deviceId = device(), takeOver?: boolean) =>
  api('POST', `/visits/${visitId}/participants/join`, who, { deviceId, ...(takeOver ? { takeOver } : {}) });

/** Places open in the visit, counted in the database: all, and those in the call. */
async function openPlaces(visitId: string) {
  const rows = await t.edge.deps.db
    .select({ admittedAt: visitParticipants.admittedAt })
    .from(visitParticipants)
    .where(and(eq(visitParticipants.visitId, visitId), isNull(visitParticipants.leftAt)));
  return { open: rows.length, inCall: rows.filter((r) => r.admittedAt !== null).length };
}

describe('guest roles', () => {
  it('are kept with the link, mailed, and shown on the guest’s place in the call', async () => {
    const visitId = await videoVisit();
    const { invitation, key, mail } = await invite(visitId, { role: 'interpreter' });
    expect(invitation).toMatchObject({ fullName: 'Amira Haddad', role: 'interpreter' });
    expect(mail.text).toContain('as an interpreter');
    // Without a role a link is 'other' (as every link from before roles is).
    const { invitation: plain } = await invite(visitId, { fullName: 'Sam Guest' });
    expect(plain.role).toBe('other');
    const listed = await api('GET', `/visits/${visitId}/telehealth-invitations`, 'physician');
    expect(listed.body.data.map((i: Json) => [i.fullName, i.role])).toEqual([
      ['Sam Guest', 'other'],
      ['Amira Haddad', 'interpreter'],
    ]);
    const bad = await api('POST', '/telehealth-invitations', 'physician', { visitId, fullName: 'X', email: guestEmail(), role: 'doctor' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Json) => e.field)).toEqual(['role']);

    const guest = await guestJoin(key);
    expect(guest.body.data.self).toMatchObject({ role: 'guest', guestRole: 'interpreter', fullName: 'Amira Haddad' });
    // The clinician's list says where each guest is, with their devices (their tiles in the call).
    const now = await api('GET', `/visits/${visitId}/telehealth-invitations`, 'physician');
    expect(now.body.data.map((i: Json) => [i.status, i.deviceIds])).toEqual([
      ['invited', []],
      ['inCall', [guest.body.data.self.deviceId]],
    ]);
    const physician = await join(visitId, 'physician');
    expect(physician.body.data.participants.map((p: Json) => [p.role, p.guestRole])).toEqual([
      ['guest', 'interpreter'],
      ['provider', null],
    ]);
  });
});

describe('who may invite and remove guests', () => {
  it('is the physicians and nurses of the patient’s clinic; a patient or an assistant cannot', async () => {
    const visitId = await videoVisit();
    const body = { visitId, fullName: 'Amira Haddad', email: guestEmail(), role: 'family' };
    for (const who of ['patient', 'assistant'] as const) {
      expect((await api('POST', '/telehealth-invitations', who, body)).status, who).toBe(403);
    }
    const { invitation, key } = await invite(visitId, { role: 'family' });
    expect((await guestJoin(key)).status).toBe(200);
    for (const who of ['patient', 'assistant'] as const) {
      expect((await api('PATCH', `/telehealth-invitations/${invitation.id}/revoke`, who)).status, who).toBe(403);
    }
    // Nothing changed: the guest is still in the call.
    expect(await openPlaces(visitId)).toEqual({ open: 1, inCall: 1 });
    expect((await api('GET', `/visits/${visitId}/telehealth-invitations`, 'physician')).body.data[0].revokedAt).toBeNull();
  });
});

describe('a Simple Peer call takes at most four people', () => {
  it('refuses a fifth device with visitFull and changes nothing; a take-over does not count twice', async () => {
    const visitId = await videoVisit();
    const patientTab = device();
    for (const [who, tab] of [['patient', patientTab], ['physician', device()], ['nurse', device()]] as const) {
      expect((await join(visitId, who, tab)).status, who).toBe(200);
    }
    const first = await invite(visitId, { role: 'interpreter' });
    expect((await guestJoin(first.key)).status).toBe(200);
    expect(await openPlaces(visitId)).toEqual({ open: 4, inCall: 4 });

    const second = await invite(visitId, { role: 'family', fullName: 'Omar Haddad' });
    const refused = await guestJoin(second.key);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'visitFull', params: { max: 4 } });
    expect(refused.body.message).toContain('4 people');
    const assistant = await join(visitId, 'assistant');
    expect(assistant.body.key).toBe('visitFull');
    expect(await openPlaces(visitId)).toEqual({ open: 4, inCall: 4 });

    // The patient moves to another device: their place there replaces this one, so there is room.
    const moved = await join(visitId, 'patient', device(), true);
    expect(moved.status).toBe(200);
    expect(moved.body.data.participants).toHaveLength(4);
    // Rejoining from the same device keeps the place it had.
    expect((await guestJoin(first.key, guestDeviceOf(moved.body.data.participants))).status).toBe(200);
    expect(await openPlaces(visitId)).toEqual({ open: 4, inCall: 4 });

    // Removing the first guest frees a place.
    expect((await api('PATCH', `/telehealth-invitations/${first.invitation.id}/revoke`, 'physician')).status).toBe(200);
    expect(await openPlaces(visitId)).toEqual({ open: 3, inCall: 3 });
    const links = await api('GET', `/visits/${visitId}/telehealth-invitations`, 'physician');
    expect(links.body.data.map((i: Json) => [i.fullName, i.status])).toEqual([
      ['Omar Haddad', 'invited'],
      ['Amira Haddad', 'revoked'],
    ]);
    const now = await guestJoin(second.key);
    expect(now.status).toBe(200);
    expect(now.body.data.participants.map((p: Json) => p.guestRole).filter(Boolean)).toEqual(['family']);
  });

  it('lets no one in from the waiting room past four: all asked for, or none', async () => {
    await telemedicine({ defaultCallEngine: 'simple-peer', admitRequired: true });
    const visitId = await videoVisit();
    expect((await join(visitId, 'physician')).status).toBe(200);
    expect((await join(visitId, 'patient')).body.data.waiting).not.toBeNull();
    const guests = [];
    for (const fullName of ['Amira Haddad', 'Omar Haddad', 'Lina Haddad']) {
      const { key } = await invite(visitId, { fullName, role: 'family' });
      const joined = await guestJoin(key);
      expect(joined.body.data.waiting).not.toBeNull();
      guests.push(joined.body.data.self.deviceId as string);
    }
    expect(await openPlaces(visitId)).toEqual({ open: 5, inCall: 1 });

    const all = await api('POST', `/visits/${visitId}/admit`, 'physician', {});
    expect(all.body).toMatchObject({ key: 'visitFull', params: { max: 4 } });
    expect(await openPlaces(visitId)).toEqual({ open: 5, inCall: 1 });

    const some = await api('POST', `/visits/${visitId}/admit`, 'physician', { deviceIds: guests.slice(0, 3) });
    expect(some.status).toBe(200);
    expect(await openPlaces(visitId)).toEqual({ open: 5, inCall: 4 });
    // The patient waits on: the call is full.
    const patient = await api('POST', `/visits/${visitId}/admit`, 'physician', {});
    expect(patient.body.key).toBe('visitFull');
    expect(await openPlaces(visitId)).toEqual({ open: 5, inCall: 4 });
  });
});

describe('a LiveKit call', () => {
  it('has no cap', async () => {
    await telemedicine({ defaultCallEngine: 'livekit', admitRequired: false });
    const visitId = await videoVisit();
    for (const who of ['patient', 'physician', 'nurse', 'assistant'] as const) {
      expect((await join(visitId, who)).body.data.call.engine, who).toBe('livekit');
    }
    for (const fullName of ['Amira Haddad', 'Omar Haddad']) {
      const { key } = await invite(visitId, { fullName, role: 'family' });
      expect((await guestJoin(key)).status).toBe(200);
    }
    expect(await openPlaces(visitId)).toEqual({ open: 6, inCall: 6 });
  });
});

const guestDeviceOf = (participants: Json[]) => participants.find((p) => p.role === 'guest')?.deviceId as string;
