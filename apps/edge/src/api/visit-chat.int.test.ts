import { randomBytes } from 'node:crypto';
import { auditLog, visitMessages } from '@opencare/api/db/schema';
import type { Mail } from '@opencare/api/mail/mailer';
import { VISIT_CHAT_MAX_MESSAGES } from '@opencare/api/visits/visit-chat.service';
import { VISIT_CHAT_BODY_MAX } from '@opencare/schemas/entities/visits';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  admitAutomatically,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { ask, connected, nextEvent, socketClients, type TestSocket } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/** The visit's chat (issue 18): sent over the visit's room, stored with the visit, read afterwards. */

let t: TestEdge;
let cast: Cast;
let clinic: string;
const sent: Mail[] = [];
const clients = socketClients();

beforeAll(async () => {
  t = await startTestEdge({ mailer: { kind: 'outbox', send: (mail) => Promise.resolve(void sent.push(mail)) } });
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
  await admitAutomatically(t.edge.deps.db, clinic);
});
afterEach(() => clients.closeAll());
afterAll(() => t.close());

const api = (method: string, path: string, who: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: cast.token[who], body });
const device = () => `tab-${randomBytes(6).toString('hex')}`;

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

/** Join over REST from a new device, then enter the visit's room on a socket of one's own. */
async function inCall(visitId: string, who: Person): Promise<{ socket: TestSocket; deviceId: string }> {
  const deviceId = device();
  expect((await api('POST', `/visits/${visitId}/participants/join`, who, { deviceId })).status).toBe(200);
  const socket = await connected(clients.open(t.url, { token: cast.token[who] }));
  expect(await ask(socket, 'visit:enter', { visitId, deviceId })).toHaveProperty('data');
  return { socket, deviceId };
}

/** A guest invited by the physician, joined by their link and in the visit's room. */
async function guestInCall(visitId: string): Promise<{ socket: TestSocket; deviceId: string; guestToken: string }> {
  const email = `guest.${randomBytes(4).toString('hex')}@example.org`;
  expect((await api('POST', '/telehealth-invitations', 'physician', { visitId, fullName: 'Sam Guest', email })).status).toBe(201);
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(sent.findLast((m) => m.to === email)?.text ?? '')?.[1];
  const deviceId = device();
  const joined = await t.call('POST', '/api/v1/telehealth-invitations/join', { body: { key, deviceId } });
  expect(joined.status).toBe(200);
  const guestToken: string = joined.body.data.guestToken;
  const socket = await connected(clients.open(t.url, { guestToken }));
  expect(await ask(socket, 'visit:enter', { visitId, deviceId })).toHaveProperty('data');
  return { socket, deviceId, guestToken };
}

const storedBodies = async (visitId: string) =>
  (await t.edge.deps.db.select({ body: visitMessages.body }).from(visitMessages).where(eq(visitMessages.visitId, visitId))).map((r) => r.body);

describe('chatting during a video visit', () => {
  it('stores a message, tells everyone in the call, and keeps it for the visit record', async () => {
    const visitId = await videoVisit();
    const physician = await inCall(visitId, 'physician');
    const patient = await inCall(visitId, 'patient');

    const heard = nextEvent(patient.socket, 'visit:chatMessage');
    const echoed = nextEvent(physician.socket, 'visit:chatMessage');
    const ack = await ask(physician.socket, 'visit:chat', { visitId, body: '  Please hold the cuff on your arm.  ' });
    expect(ack).toMatchObject({
      data: { visitId, senderAccountId: cast.id.physician, senderName: 'Priya Raman', body: 'Please hold the cuff on your arm.' },
    });
    if (!('data' in ack)) throw new Error('not sent');
    expect(await heard).toEqual(ack.data);
    expect(await echoed).toEqual(ack.data);
    expect(await storedBodies(visitId)).toEqual(['Please hold the cuff on your arm.']);

    expect(await ask(patient.socket, 'visit:chat', { visitId, body: 'Done, thank you.' })).toHaveProperty('data');
    // Audited as the sender's act on the visit; the audit log has no room for the text.
    const audited = await t.edge.deps.db
      .select({ actor: auditLog.actorAccountId, outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visit.chat'), eq(auditLog.resourceId, visitId)));
    expect(audited).toEqual([
      { actor: cast.id.physician, outcome: 'allowed' },
      { actor: cast.id.patient, outcome: 'allowed' },
    ]);

    // A device entering later hears the chat so far, oldest first.
    const nurse = await inCall(visitId, 'nurse');
    const entered = await ask(nurse.socket, 'visit:enter', { visitId, deviceId: nurse.deviceId });
    expect('data' in entered && entered.data.messages.map((m) => m.body)).toEqual(['Please hold the cuff on your arm.', 'Done, thank you.']);

    // Afterwards, the visit's record: for the patient and the clinic's clinicians, oldest first.
    expect((await api('POST', `/visits/${visitId}/participants/leave`, 'patient', { deviceId: patient.deviceId })).status).toBe(200);
    for (const who of ['patient', 'physician', 'nurse', 'assistant'] as const) {
      const read = await api('GET', `/visits/${visitId}/messages`, who);
      expect(read.status, who).toBe(200);
      expect(read.body.data.map((m: { senderName: string; body: string }) => [m.senderName, m.body]), who).toEqual([
        ['Priya Raman', 'Please hold the cuff on your arm.'],
        ['Pat Morgan', 'Done, thank you.'],
      ]);
    }
  });

  it('is refused to whoever may not read the visit: another patient, another organisation', async () => {
    const visitId = await videoVisit();
    const physician = await inCall(visitId, 'physician');
    expect(await ask(physician.socket, 'visit:chat', { visitId, body: 'Only for Pat.' })).toHaveProperty('data');
    for (const [who, status, key] of [
      ['patient2', 403, 'err_forbidden'],
      ['outsider', 404, 'notFound'],
      ['outsiderPatient', 404, 'notFound'],
    ] as const) {
      const read = await api('GET', `/visits/${visitId}/messages`, who);
      expect([read.status, read.body.key], who).toEqual([status, key]);
      expect(JSON.stringify(read.body), who).not.toContain('Only for Pat.');
    }
  });

  it('refuses a socket that did not enter the visit, or whose device lost its place', async () => {
    const visitId = await videoVisit();
    const physician = await inCall(visitId, 'physician');
    // Signed in and allowed to read the visit, but not in its room.
    const outside = await connected(clients.open(t.url, { token: cast.token.patient }));
    expect(await ask(outside, 'visit:chat', { visitId, body: 'Hello?' })).toMatchObject({ error: 'err_forbidden' });
    // Entered, then left the call over REST: the device no longer holds its place.
    const patient = await inCall(visitId, 'patient');
    expect((await api('POST', `/visits/${visitId}/participants/leave`, 'patient', { deviceId: patient.deviceId })).status).toBe(200);
    expect(await ask(patient.socket, 'visit:chat', { visitId, body: 'Still here?' })).toMatchObject({ error: 'err_forbidden' });
    // Taken over by the same person on another device: the old one is refused.
    const physicianAgain = device();
    expect((await api('POST', `/visits/${visitId}/participants/join`, 'physician', { deviceId: physicianAgain, takeOver: true })).status).toBe(200);
    expect(await ask(physician.socket, 'visit:chat', { visitId, body: 'From the old tab' })).toMatchObject({ error: 'err_forbidden' });
    expect(await storedBodies(visitId)).toEqual([]);
  });

  it('refuses an empty or too long message with the catalogue’s words, storing nothing', async () => {
    const visitId = await videoVisit();
    const { socket } = await inCall(visitId, 'physician');
    for (const body of ['', '   \n ', 'x'.repeat(VISIT_CHAT_BODY_MAX + 1), 42]) {
      const answer = await ask(socket, 'visit:chat', { visitId, body });
      expect(answer, String(body).slice(0, 10)).toMatchObject({
        error: 'validationFailed',
        message: expect.any(String),
        errors: [{ field: 'body' }],
      });
    }
    expect(await ask(socket, 'visit:chat', { visitId, body: 'x'.repeat(VISIT_CHAT_BODY_MAX) })).toHaveProperty('data');
    expect((await storedBodies(visitId)).map((b) => b.length)).toEqual([VISIT_CHAT_BODY_MAX]);
  });

  it('lets a guest in the call send and read the chat, under their name on the invitation', async () => {
    const visitId = await videoVisit();
    const physician = await inCall(visitId, 'physician');
    expect(await ask(physician.socket, 'visit:chat', { visitId, body: 'Welcome, Sam.' })).toHaveProperty('data');
    const { socket: guest, deviceId, guestToken } = await guestInCall(visitId);

    const heard = nextEvent(physician.socket, 'visit:chatMessage');
    expect(await ask(guest, 'visit:chat', { visitId, body: 'Hello from the guest.' })).toMatchObject({
      data: { senderAccountId: null, senderName: 'Sam Guest', body: 'Hello from the guest.' },
    });
    expect(await heard).toMatchObject({ senderName: 'Sam Guest', body: 'Hello from the guest.' });
    expect(await storedBodies(visitId)).toEqual(['Welcome, Sam.', 'Hello from the guest.']);
    // The guest reloads: entering again, the chat so far says which message is theirs (they have no
    // account to recognise it by), and only that one.
    const reloaded = await connected(clients.open(t.url, { guestToken }));
    const entered = await ask(reloaded, 'visit:enter', { visitId, deviceId });
    if (!('data' in entered)) throw new Error('not entered');
    const own = entered.data.messages.filter((m) => entered.data.ownMessageIds.includes(m.id)).map((m) => m.body);
    expect(own).toEqual(['Hello from the guest.']);
    // A guest's socket reaches no other visit's chat.
    expect(await ask(guest, 'visit:chat', { visitId: await videoVisit(), body: 'Elsewhere' })).toMatchObject({ error: 'err_forbidden' });
  });

  it('stops at the most a visit’s chat holds, so everything sent is read back', async () => {
    const visitId = await videoVisit();
    const { socket } = await inCall(visitId, 'physician');
    await t.edge.deps.db.insert(visitMessages).values(
      Array.from({ length: VISIT_CHAT_MAX_MESSAGES - 1 }, (_, i) => ({
        visitId,
        senderAccountId: cast.id.physician,
        senderName: 'Priya Raman',
        body: `Earlier ${i}`,
      })),
    );
    expect(await ask(socket, 'visit:chat', { visitId, body: 'The last one that fits.' })).toHaveProperty('data');
    expect(await ask(socket, 'visit:chat', { visitId, body: 'One too many.' })).toMatchObject({
      error: 'visitChatFull',
      message: expect.stringContaining(String(VISIT_CHAT_MAX_MESSAGES)),
    });
    expect(await storedBodies(visitId)).toHaveLength(VISIT_CHAT_MAX_MESSAGES);
    const record = await api('GET', `/visits/${visitId}/messages`, 'patient');
    expect(record.body.data).toHaveLength(VISIT_CHAT_MAX_MESSAGES);
    expect(record.body.data.at(-1).body).toBe('The last one that fits.');
  });

  it('limits how fast one socket may send', async () => {
    const visitId = await videoVisit();
    const { socket } = await inCall(visitId, 'patient');
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await ask(socket, 'visit:chat', { visitId, body: `Message ${i}` }));
    expect(answers.slice(0, 30).every((a) => 'data' in a)).toBe(true);
    expect(answers[30]).toMatchObject({ error: 'rateLimited' });
    expect(await storedBodies(visitId)).toHaveLength(30);
  });
});
