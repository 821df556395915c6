import { createHmac, randomBytes } from 'node:crypto';
import { CALL_CHECK_UPLOAD_MAX_BYTES } from '@opencare/schemas/entities/call-check';
import type { Mail } from '@opencare/api/mail/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAppointmentWithVisit, organisationOf } from '../testing/appointment-fixtures';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/** The pre-call check before joining a video visit (issue 18): its servers and its timed upload. */

const ICE_SERVERS = [
  { urls: 'stun:stun.check.test:3478' },
  { urls: ['turn:turn.check.test:3478?transport=udp'], username: 'visit', credential: 'relay-secret' },
];
/** A TURN server listed bare: with TURN_SECRET its credentials are minted per caller and expire. */
const MINTED_TURN = { urls: 'turns:turn.check.test:5349' };
const TURN_SECRET = 'the-deployment-turn-secret';

let t: TestEdge;
const token = { patient: '', physician: '' };
let patientId = '';
let physicianId = '';
const sent: Mail[] = [];

beforeAll(async () => {
  t = await startTestEdge({
    env: { ICE_SERVERS: JSON.stringify([...ICE_SERVERS, MINTED_TURN]), TURN_SECRET, RATE_LIMIT_PER_MINUTE: '40' },
    mailer: { kind: 'outbox', send: (mail) => Promise.resolve(void sent.push(mail)) },
  });
  for (const who of ['patient', 'physician'] as const) {
    const { token: access, body } = await t.login(who);
    token[who] = access;
    const id = (body.data.accounts as { isDefault: boolean; id: string }[]).find((a) => a.isDefault)!.id;
    if (who === 'patient') patientId = id;
    else physicianId = id;
  }
});
afterAll(() => t.close());

/** A guest invited to a video visit of the patient's: the key as mailed, and the invitation's id. */
async function guestKey() {
  const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: await organisationOf(t.edge.deps.db, patientId),
    patientAccountId: patientId,
    providerAccountId: physicianId,
    startsAt: new Date(Date.now() + 10 * 60_000),
    type: 'tv',
  });
  const email = `guest.${randomBytes(4).toString('hex')}@example.org`;
  const made = await t.call('POST', '/api/v1/telehealth-invitations', {
    token: token.physician,
    body: { visitId, fullName: 'Check Guest', email },
  });
  expect(made.status).toBe(201);
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(sent.findLast((m) => m.to === email)?.text ?? '')?.[1];
  if (!key) throw new Error('no guest link mailed');
  return { key, id: made.body.data.id as string };
}

const servers = (options: { token?: string; key?: string } = {}) =>
  t.call('GET', `/api/v1/call-check${options.key ? `?key=${options.key}` : ''}`, { token: options.token });
const upload = (bytes: number, options: { token?: string; key?: string } = {}) =>
  t.call('POST', `/api/v1/call-check/upload${options.key ? `?key=${options.key}` : ''}`, {
    token: options.token,
    headers: { 'content-type': 'application/octet-stream' },
    body: 'x'.repeat(bytes),
  });

describe('the check’s servers', () => {
  it('gives a signed-in person, over REST and tRPC, the ICE servers a call would use and the upload cap', async () => {
    const res = await servers({ token: token.patient });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      iceServers: [...ICE_SERVERS, { ...MINTED_TURN, username: expect.stringMatching(/^\d+:/), credential: expect.any(String) }],
      uploadMaxBytes: CALL_CHECK_UPLOAD_MAX_BYTES,
    });
    // The minted pair: the caller's own, valid for ten minutes, checkable by coturn with the secret.
    const minted = res.body.data.iceServers[2];
    const [expiry, who] = String(minted.username).split(':');
    expect(who).toBe(patientId);
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(9 * 60);
    expect(Number(expiry) - Date.now() / 1000).toBeLessThanOrEqual(10 * 60);
    expect(minted.credential).toBe(createHmac('sha1', TURN_SECRET).update(minted.username).digest('base64'));
    const trpc = await t.call('GET', '/trpc/callCheck.servers?input=%7B%7D', { token: token.physician });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.iceServers.slice(0, 2)).toEqual(ICE_SERVERS);
    expect(trpc.body.result.data.iceServers[2].username).toMatch(new RegExp(`:${physicianId}$`));
  });

  it('gives a guest with a live link the same; refuses anyone without one, and a revoked link', async () => {
    const { key, id } = await guestKey();
    const asGuest = (await servers({ key })).body.data.iceServers;
    expect(asGuest.slice(0, 2)).toEqual(ICE_SERVERS);
    expect(asGuest[2].username).toMatch(/^\d+:guest$/);

    const anonymous = await servers();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.key).toBe('tokenRequired');
    expect(JSON.stringify(anonymous.body)).not.toContain('turn.check.test');
    const unknown = await servers({ key: randomBytes(32).toString('base64url') });
    expect([unknown.status, unknown.body.key]).toEqual([400, 'invalidInvitation']);
    const trpc = await t.call('GET', '/trpc/callCheck.servers?input=%7B%7D');
    expect(trpc.status).toBe(401);

    expect((await t.call('PATCH', `/api/v1/telehealth-invitations/${id}/revoke`, { token: token.physician, body: {} })).status).toBe(200);
    const revoked = await servers({ key });
    expect([revoked.status, revoked.body.key]).toEqual([400, 'invalidInvitation']);
    expect(JSON.stringify(revoked.body)).not.toContain('relay-secret');
  });
});

describe('the check’s upload', () => {
  it('counts the bytes a signed-in person or a guest sends, and answers how many arrived', async () => {
    const signedIn = await upload(250_000, { token: token.patient });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toEqual({ bytes: 250_000 });
    const { key } = await guestKey();
    const guest = await upload(CALL_CHECK_UPLOAD_MAX_BYTES, { key });
    expect(guest.status).toBe(200);
    expect(guest.body.data).toEqual({ bytes: CALL_CHECK_UPLOAD_MAX_BYTES });
  });

  it('refuses a body over the cap with 413, anything but raw bytes with 415, and a stranger before reading anything', async () => {
    const tooLarge = await upload(CALL_CHECK_UPLOAD_MAX_BYTES + 1, { token: token.patient });
    expect([tooLarge.status, tooLarge.body.key]).toEqual([413, 'payloadTooLarge']);
    const stranger = await upload(CALL_CHECK_UPLOAD_MAX_BYTES + 1);
    expect([stranger.status, stranger.body.key]).toEqual([401, 'tokenRequired']);
    const json = await t.call('POST', '/api/v1/call-check/upload', { token: token.patient, body: { bytes: 10 } });
    expect([json.status, json.body.key]).toEqual([415, 'callCheckUploadType']);
    const text = await t.call('POST', '/api/v1/call-check/upload', { token: token.patient, body: 'abc', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.body.key]).toEqual([415, 'callCheckUploadType']);
    const badKey = await upload(10, { key: randomBytes(32).toString('base64url') });
    expect([badKey.status, badKey.body.key]).toEqual([400, 'invalidInvitation']);
  });
});

describe('the check’s rate limit', () => {
  it('counts the servers query and the upload together per address; over the limit both answer 429', async () => {
    const first = await servers({ token: token.patient });
    expect(first.status).toBe(200);
    let remaining = Number(first.headers.get('ratelimit-remaining'));
    expect(remaining).toBeLessThan(40);
    // The upload's own calls above were counted in the same bucket.
    for (; remaining > 0; remaining -= 1) {
      const res = remaining % 2 ? await upload(10, { token: token.patient }) : await servers({ token: token.patient });
      expect(res.status).toBe(200);
    }
    const over = await servers({ token: token.patient });
    expect([over.status, over.body.key]).toEqual([429, 'rateLimited']);
    expect(over.headers.get('retry-after')).not.toBeNull();
    const overUpload = await upload(10, { token: token.patient });
    expect([overUpload.status, overUpload.body.key]).toEqual([429, 'rateLimited']);
    // Other routes keep their own counters.
    expect((await t.call('GET', '/api/v1/telemedicine/config', { token: token.patient })).status).toBe(200);
  });
});
