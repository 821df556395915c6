import { randomBytes } from 'node:crypto';
import { telehealthInvitations, visitParticipants } from '@opencare/api/db/schema';
import type { Mail } from '@opencare/api/mail/mailer';
import { verifyGuestToken } from '@opencare/api/telehealth-invitations/guest-token';
import { enterVisitRoomAsGuest } from '@opencare/api/visits/visit-room.service';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { createTRPCClient, httpLink } from '@trpc/client';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  admitAutomatically,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { ask, connected, nextEvent, outcome, socketClients } from '../testing/socket-clients';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
let cast: Cast;
let clinic: string;
/** Every mail the edge sends, as sent (the dev outbox keeps only its text). */
const sent: Mail[] = [];

beforeAll(async () => {
  t = await startTestEdge({
    mailer: { kind: 'outbox', send: (mail) => Promise.resolve(void sent.push(mail)) },
  });
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
  await admitAutomatically(t.edge.deps.db, clinic);
});
afterAll(() => t.close());

const api = (method: string, path: string, who?: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
const fieldsOf = (res: { body: Json }) => (res.body.errors ?? []).map((e: Json) => e.field);
const device = () => `tab-${randomBytes(6).toString('hex')}`;
let n = 0;
const guestEmail = () => `guest${++n}.${randomBytes(3).toString('hex')}@example.org`;

async function videoVisit(values: { startsAt?: Date; status?: 'cancelled'; type?: 'pv' | 'tv' } = {}) {
  const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: clinic,
    patientAccountId: cast.id.patient,
    providerAccountId: cast.id.physician,
    startsAt: values.startsAt ?? new Date(Date.now() + 5 * 60_000),
    status: values.status ?? 'confirmed',
    type: values.type ?? 'tv',
  });
  return visitId;
}

/** Invite a guest by e-mail and read the key from the link in the dev outbox. */
async function invite(visitId: string, who: Person = 'physician') {
  const email = guestEmail();
  const res = await api('POST', '/telehealth-invitations', who, {
    visitId,
    fullName: 'Sam <b>Guest</b>',
    email,
  });
  expect(res.status).toBe(201);
  const mail = sent.findLast((m) => m.to === email);
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!mail || !key) throw new Error('no guest link mailed');
  return { invitation: res.body.data, key, mail };
}
const view = (key: string) => t.call('GET', `/api/v1/telehealth-invitations?key=${encodeURIComponent(key)}`);
const guestJoin = (key: string, deviceId: string, takeOver?: boolean) =>
  t.call('POST', '/api/v1/telehealth-invitations/join', {
    body: { key, deviceId, ...(takeOver ? { takeOver } : {}) },
  });

describe('creating guest links', () => {
  it('mails a random key, stores only its hash, and shows no patient data in the mail', async () => {
    const visitId = await videoVisit();
    const { invitation, key, mail } = await invite(visitId);
    expect(invitation).toMatchObject({ visitId, fullName: 'Sam <b>Guest</b>', revokedAt: null });
    expect(key.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.edge.deps.db
      .select()
      .from(telehealthInvitations)
      .where(eq(telehealthInvitations.id, invitation.id));
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key);
    expect(mail.html).toContain('Sam &lt;b&gt;Guest&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Guest');
    expect(`${mail.text}${mail.html}`).not.toContain('Pat Morgan');
    expect(mail.text).toContain('Priya Raman');
  });

  it('is for the physicians and nurses of the patient’s clinic, and lists and revokes for them', async () => {
    const visitId = await videoVisit();
    const body = { visitId, fullName: 'Sam Guest', email: guestEmail() };
    for (const who of ['patient', 'assistant', 'patient2', 'admin', 'outsider'] as const) {
      expect((await api('POST', '/telehealth-invitations', who, body)).status, who).toBe(who === 'outsider' ? 404 : 403);
    }
    expect((await api('POST', '/telehealth-invitations', undefined, body)).status).toBe(401);
    expect(
      fieldsOf(await api('POST', '/telehealth-invitations', 'physician', { visitId, email: 'nope' })),
    ).toEqual(['fullName', 'email']);
    const { invitation, key } = await invite(visitId, 'nurse');
    const listed = await api('GET', `/visits/${visitId}/telehealth-invitations`, 'physician');
    expect(listed.body.data.map((i: Json) => i.id)).toEqual([invitation.id]);
    expect((await api('GET', `/visits/${visitId}/telehealth-invitations`, 'patient')).status).toBe(403);
    expect((await api('PATCH', `/telehealth-invitations/${invitation.id}/revoke`, 'outsider')).status).toBe(
      404,
    );

    const revoked = await api('PATCH', `/telehealth-invitations/${invitation.id}/revoke`, 'physician');
    expect(revoked.body.data.revokedAt).not.toBeNull();
    expect((await view(key)).body.key).toBe('invalidInvitation');
    expect((await guestJoin(key, device())).body.key).toBe('invalidInvitation');
  });

  it('refuses visits no one can join by video any more', async () => {
    for (const [values, key] of [
      [{ status: 'cancelled' }, 'appointmentCanceled'],
      [{ type: 'pv' }, 'unableToJoin'],
      [{ startsAt: new Date(Date.now() - 3 * 3600_000) }, 'joinOutsideWindow'],
    ] as const) {
      const res = await api('POST', '/telehealth-invitations', 'physician', {
        visitId: await videoVisit(values),
        fullName: 'Sam Guest',
        email: guestEmail(),
      });
      expect(res.body.key, key).toBe(key);
    }
    // A link may be sent well before the visit: only joining waits for the window.
    expect(
      (
        await api('POST', '/telehealth-invitations', 'physician', {
          visitId: await videoVisit({ startsAt: new Date(Date.now() + 24 * 3600_000) }),
          fullName: 'Sam Guest',
          email: guestEmail(),
        })
      ).status,
    ).toBe(201);
  });
});

describe('opening a guest link without credentials', () => {
  it('shows who invites and when, nothing of the patient', async () => {
    const visitId = await videoVisit();
    const { key } = await invite(visitId);
    const res = await view(key);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      guestName: 'Sam <b>Guest</b>',
      organisationName: expect.any(String),
      providerName: 'Priya Raman',
      startsAt: expect.any(String),
      endsAt: expect.any(String),
      visitStatus: 'p',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/Pat Morgan|patient/i);
    expect(res.headers.get('ratelimit-limit')).toBeTruthy();
  });

  it('reads unknown and malformed keys as invalid', async () => {
    expect((await view(randomBytes(32).toString('base64url'))).body.key).toBe('invalidInvitation');
    const malformed = await t.call('GET', '/api/v1/telehealth-invitations?key=short');
    expect(malformed.status).toBe(400);
    expect(fieldsOf(malformed)).toEqual(['key']);
    expect(fieldsOf(await t.call('GET', '/api/v1/telehealth-invitations'))).toEqual(['key']);
  });
});

describe('a guest joining the call', () => {
  it('joins as a guest under the joining rules, with a token for the visit room', async () => {
    const visitId = await videoVisit();
    const { invitation, key } = await invite(visitId);
    const tab = device();
    const res = await guestJoin(key, tab);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      self: { accountId: null, fullName: 'Sam <b>Guest</b>', role: 'guest', deviceId: tab },
      visit: { id: visitId, status: 'w', notes: null, summary: null, appointment: { reason: null } },
      call: { engine: 'simple-peer', reason: 'livekitUnavailable' },
    });
    const claims = await verifyGuestToken(t.edge.deps.config, res.body.data.guestToken);
    expect(claims).toEqual({ invitationId: invitation.id, visitId, deviceId: tab });
    const meta = { ip: '127.0.0.1', requestId: 'test' };
    expect((await enterVisitRoomAsGuest(t.edge.deps, meta, claims)).participants.map((p) => p.role)).toEqual(['guest']);
    // A guest token is not an access token.
    expect((await t.call('GET', '/api/v1/profile', { token: res.body.data.guestToken })).status).toBe(401);

    // One device at a time for a guest too; leaving closes the place and the room.
    expect((await guestJoin(key, device())).body.key).toBe('visitActiveElsewhere');
    const left = await t.call('POST', '/api/v1/telehealth-invitations/leave', {
      body: { key, deviceId: tab },
    });
    expect(left.body.data).toEqual([]);
    await expect(enterVisitRoomAsGuest(t.edge.deps, meta, claims)).rejects.toMatchObject({ status: 403 });
  });

  it('waits for the joining window', async () => {
    const { key } = await invite(await videoVisit({ startsAt: new Date(Date.now() + 45 * 60_000) }));
    const res = await guestJoin(key, device());
    expect(res.body).toMatchObject({ key: 'joinTooEarly', params: { minutes: 10 } });
    expect(fieldsOf(await t.call('POST', '/api/v1/telehealth-invitations/join', { body: { key } }))).toEqual([
      'deviceId',
    ]);
  });
});

describe('over tRPC', () => {
  it('creates, lists, views and revokes with the same rules', async () => {
    const client = (token?: string) =>
      createTRPCClient<AppRouter>({
        links: [
          httpLink({
            url: `${t.url}/trpc`,
            headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
          }),
        ],
      });
    const visitId = await videoVisit();
    const created = await client(cast.token.nurse).telehealthInvitations.create.mutate({
      visitId,
      fullName: 'Ira Interpreter',
      email: guestEmail(),
    });
    expect(created.fullName).toBe('Ira Interpreter');
    const listed = await client(cast.token.physician).telehealthInvitations.ofVisit.query({ visitId });
    expect(listed.map((i) => i.id)).toContain(created.id);
    await expect(
      client(cast.token.assistant).telehealthInvitations.ofVisit.query({ visitId }),
    ).rejects.toMatchObject({ data: { httpStatus: 403 } });
    const { key } = await invite(visitId);
    expect((await client().telehealthInvitations.view.query({ key })).providerName).toBe('Priya Raman');
    await client(cast.token.physician).telehealthInvitations.revoke.mutate({ id: created.id });
    await expect(
      client().telehealthInvitations.view.query({ key: randomBytes(32).toString('base64url') }),
    ).rejects.toMatchObject({ data: { key: 'invalidInvitation' } });
  });
});

describe('revoking the link of a guest who is in the call', () => {
  const clients = socketClients();
  afterAll(() => clients.closeAll());

  /** Places of the invitation still open, counted in the database. */
  const openPlaces = async (invitationId: string) =>
    (
      await t.edge.deps.db
        .select({ id: visitParticipants.id })
        .from(visitParticipants)
        .where(and(eq(visitParticipants.invitationId, invitationId), isNull(visitParticipants.leftAt)))
    ).length;

  it('ends the guest’s place and closes the guest’s socket at once; the token no longer connects', async () => {
    const visitId = await videoVisit();
    const { invitation, key } = await invite(visitId);
    const guestTab = device();
    const joined = await guestJoin(key, guestTab);
    expect(joined.status).toBe(200);
    const guestToken = joined.body.data.guestToken as string;
    const guest = await connected(clients.open(t.url, { guestToken }));
    expect(await ask(guest, 'visit:enter', { visitId, deviceId: guestTab })).toMatchObject({ data: {} });

    const physicianTab = device();
    expect((await api('POST', `/visits/${visitId}/participants/join`, 'physician', { deviceId: physicianTab })).status).toBe(200);
    const physician = await connected(clients.open(t.url, { token: cast.token.physician }));
    expect(await ask(physician, 'visit:enter', { visitId, deviceId: physicianTab })).toMatchObject({
      data: { participants: [{ role: 'guest' }, { deviceId: physicianTab }] },
    });
    expect(await openPlaces(invitation.id)).toBe(1);

    const told = nextEvent(guest, 'session:revoked');
    const closed = new Promise<string>((resolve) => guest.once('disconnect', resolve));
    const guestGone = nextEvent(physician, 'visit:participants', (p) => p.participants.every((x) => x.role !== 'guest'));
    expect((await api('PATCH', `/telehealth-invitations/${invitation.id}/revoke`, 'physician')).status).toBe(200);

    expect(await told).toEqual({ reason: 'invitationRevoked' });
    expect(await closed).toBe('io server disconnect');
    expect((await guestGone).participants.map((p) => p.deviceId)).toEqual([physicianTab]);
    expect(await openPlaces(invitation.id)).toBe(0);
    // The guest token lives on for its 15 minutes: the handshake asks whether the link still does.
    expect(await outcome(clients.open(t.url, { guestToken }))).toEqual({ connected: false, data: { error: 'invalidInvitation', message: expect.any(String) } });
    // And the physician's socket stays, still in the visit.
    expect(physician.connected).toBe(true);
  });
});
