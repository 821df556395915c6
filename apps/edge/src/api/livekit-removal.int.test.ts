import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { telehealthInvitations } from '@opencare/api/db/schema';
import type { Mail } from '@opencare/api/mail/mailer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  admitAutomatically,
  organisationOf,
  signInCast,
  type Cast,
} from '../testing/appointment-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/*
 * Revoking a guest link, or disabling a user, also puts that person out of the visit's LiveKit room
 * (closing their seat and socket does not end their media). LiveKit cannot run
 * here, so a small HTTP server stands in for it, speaking the same Twirp interface the real server
 * offers (POST /twirp/livekit.RoomService/RemoveParticipant, JSON) and checking the admin token the
 * edge sends the way LiveKit would: HS256 with the API secret, issued by the API key, roomAdmin for
 * that room. It is checked here with node:crypto, independently of the SDK's own signing library.
 */

const LIVEKIT = { key: 'lk-test-key', secret: `lk-test-secret-${randomBytes(16).toString('hex')}` };
const GUEST_NAME = 'Sam Livekit-Guest';

interface RemoveCall {
  room: string;
  identity: string;
  /** Why the Authorization header would not pass LiveKit (null: it passes). */
  tokenProblem: string | null;
  token: string;
}

/** What the fake answers RemoveParticipant with. */
type Mode = 'removed' | 'notFound' | 'hang';

function checkAdminToken(authorization: string | undefined, room: string): string | null {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!token) return 'no bearer token';
  const [header = '', payload = '', signature = ''] = token.split('.');
  const expected = createHmac('sha256', LIVEKIT.secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad signature';
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'HS256') return `alg ${head.alg}`;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    iss?: string;
    exp?: number;
    nbf?: number;
    video?: { room?: string; roomAdmin?: boolean };
  };
  const now = Date.now() / 1000;
  if (claims.iss !== LIVEKIT.key) return `issuer ${claims.iss}`;
  if (!claims.exp || claims.exp < now) return 'expired';
  if (claims.nbf !== undefined && claims.nbf > now + 5) return 'not yet valid';
  if (claims.video?.roomAdmin !== true) return 'no roomAdmin grant';
  if (claims.video.room !== room) return `grant for room ${claims.video.room}`;
  return null;
}

function fakeLivekit() {
  const calls: RemoveCall[] = [];
  const other: string[] = [];
  const state = { mode: 'removed' as Mode };
  const twirp = (res: ServerResponse, status: number, body: object) => {
    // Exactly this content type: the SDK reads a Twirp error's code only from it, as LiveKit sends it.
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/twirp/livekit.RoomService/RemoveParticipant') {
        other.push(`${req.method} ${req.url}`);
        twirp(res, 404, { code: 'bad_route', msg: 'no handler' });
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
        room?: string;
        identity?: string;
      };
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const call: RemoveCall = {
        room: body.room ?? '',
        identity: body.identity ?? '',
        tokenProblem: checkAdminToken(req.headers.authorization, body.room ?? ''),
        token,
      };
      calls.push(call);
      if (call.tokenProblem) twirp(res, 401, { code: 'unauthenticated', msg: call.tokenProblem });
      else if (state.mode === 'removed') twirp(res, 200, {});
      else if (state.mode === 'notFound')
        twirp(res, 404, { code: 'not_found', msg: 'participant not found' });
      // 'hang': accept the request and never answer.
    });
  });
  return {
    calls,
    other,
    state,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** The port closes: connections are refused from now on. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const livekit = fakeLivekit();
let t: TestEdge;
let cast: Cast;
let clinic: string;
const sent: Mail[] = [];
const log: string[] = [];

beforeAll(async () => {
  const url = await livekit.listen();
  t = await startTestEdge({
    env: {
      LIVEKIT_URL: url,
      LIVEKIT_API_KEY: LIVEKIT.key,
      LIVEKIT_API_SECRET: LIVEKIT.secret,
      LOG_LEVEL: 'warn',
    },
    mailer: { kind: 'outbox', send: (mail) => Promise.resolve(void sent.push(mail)) },
    logStream: { write: (line) => void log.push(line) },
  });
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
  await admitAutomatically(t.edge.deps.db, clinic);
});
afterAll(async () => {
  await t.close();
  await livekit.close();
});
beforeEach(() => {
  livekit.calls.length = 0;
  log.length = 0;
});

const device = () => `tab-${randomBytes(6).toString('hex')}`;
const revoke = (invitationId: string) =>
  t.call('PATCH', `/api/v1/telehealth-invitations/${invitationId}/revoke`, { token: cast.token.physician });
const warnings = () =>
  log
    .map((line): Json => JSON.parse(line))
    .filter((entry) => String(entry.msg).includes('LiveKit participant not removed'));

/** A video visit starting in five minutes, a guest invited to it and in its LiveKit room. */
async function guestInRoom() {
  const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: clinic,
    patientAccountId: cast.id.patient,
    providerAccountId: cast.id.physician,
    startsAt: new Date(Date.now() + 5 * 60_000),
    status: 'confirmed',
    type: 'tv',
  });
  const email = `lk-guest.${randomBytes(4).toString('hex')}@example.org`;
  const created = await t.call('POST', '/api/v1/telehealth-invitations', {
    token: cast.token.physician,
    body: { visitId, fullName: GUEST_NAME, email },
  });
  expect(created.status).toBe(201);
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(
    sent.findLast((m) => m.to === email)?.text ?? '',
  )?.[1];
  if (!key) throw new Error('no guest link mailed');
  const joined = await t.call('POST', '/api/v1/telehealth-invitations/join', {
    body: { key, deviceId: device() },
  });
  expect(joined.status).toBe(200);
  expect(joined.body.data.call).toMatchObject({ engine: 'livekit', room: `visit-${visitId}` });
  const invitationId = created.body.data.id as string;
  // The identity the guest's LiveKit token carries, which RemoveParticipant must name.
  const joinClaims = JSON.parse(
    Buffer.from(String(joined.body.data.call.token).split('.')[1] ?? '', 'base64url').toString(),
  ) as { sub: string };
  expect(joinClaims.sub).toBe(`guest-${invitationId}`);
  return {
    visitId,
    invitationId,
    key,
    email,
    guestToken: joined.body.data.guestToken as string,
    livekitToken: joined.body.data.call.token as string,
  };
}

async function revokedAtOf(invitationId: string) {
  const [row] = await t.edge.deps.db
    .select({ revokedAt: telehealthInvitations.revokedAt })
    .from(telehealthInvitations)
    .where(eq(telehealthInvitations.id, invitationId));
  return row?.revokedAt ?? null;
}

/** Nothing in the log that could let someone in or names the guest. */
function expectNothingSecretLogged(guest: Awaited<ReturnType<typeof guestInRoom>>) {
  const text = log.join('\n');
  for (const secret of [
    LIVEKIT.secret,
    LIVEKIT.key,
    guest.key,
    guest.guestToken,
    guest.livekitToken,
    GUEST_NAME,
    guest.email,
    guest.invitationId,
  ]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/Bearer|eyJ/);
}

describe('disabling a user who is in a LiveKit call', () => {
  it('removes that user’s account from the visit’s room, and no one else', async () => {
    const patient2 = cast.id.patient2;
    const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: await organisationOf(t.edge.deps.db, patient2),
      patientAccountId: patient2,
      providerAccountId: cast.id.physician,
      startsAt: new Date(Date.now() + 5 * 60_000),
      status: 'confirmed',
      type: 'tv',
    });
    for (const who of ['patient2', 'physician'] as const) {
      const joined = await t.call('POST', `/api/v1/visits/${visitId}/participants/join`, {
        token: cast.token[who],
        body: { deviceId: device() },
      });
      expect(joined.body.data.call).toMatchObject({ engine: 'livekit', room: `visit-${visitId}` });
    }
    expect(livekit.calls).toEqual([]);
    const userId = (
      JSON.parse(Buffer.from(cast.token.patient2.split('.')[1] ?? '', 'base64url').toString()) as {
        sub: string;
      }
    ).sub;
    expect((await t.call('DELETE', `/api/v1/users/${userId}`, { token: cast.token.admin })).status).toBe(200);
    expect(
      livekit.calls.map(({ room, identity, tokenProblem }) => ({ room, identity, tokenProblem })),
    ).toEqual([{ room: `visit-${visitId}`, identity: patient2, tokenProblem: null }]);
    expect(warnings()).toEqual([]);
  });
});

describe('revoking the link of a guest in a LiveKit call', () => {
  it('removes the guest from the visit’s LiveKit room, once, with an admin token for that room', async () => {
    const guest = await guestInRoom();
    expect(livekit.calls).toEqual([]);
    const res = await revoke(guest.invitationId);
    expect(res.status).toBe(200);
    expect(res.body.data.revokedAt).not.toBeNull();
    expect(
      livekit.calls.map(({ room, identity, tokenProblem }) => ({ room, identity, tokenProblem })),
    ).toEqual([
      { room: `visit-${guest.visitId}`, identity: `guest-${guest.invitationId}`, tokenProblem: null },
    ]);
    expect(livekit.other).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it('treats a guest who is not in the room (Twirp not_found) as done', async () => {
    livekit.state.mode = 'notFound';
    const guest = await guestInRoom();
    const res = await revoke(guest.invitationId);
    expect(res.status).toBe(200);
    expect(res.body.data.revokedAt).not.toBeNull();
    expect(livekit.calls).toHaveLength(1);
    expect(livekit.calls[0]?.tokenProblem).toBeNull();
    expect(warnings()).toEqual([]);
  });

  it('does not wait long for a LiveKit that never answers, and warns without secrets or names', async () => {
    livekit.state.mode = 'hang';
    const guest = await guestInRoom();
    const started = Date.now();
    const res = await revoke(guest.invitationId);
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    // A 3 s bound (the SDK's own default is 10 s); the rest is the edge's own work on a busy machine.
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(8_000);
    expect(livekit.calls).toHaveLength(1);
    expect(await revokedAtOf(guest.invitationId)).not.toBeNull();
    expect(warnings()).toEqual([
      expect.objectContaining({ level: 40, visitId: guest.visitId, err: { type: 'TimeoutError' } }),
    ]);
    expectNothingSecretLogged(guest);
  });

  it('still revokes when LiveKit is down, and warns without secrets or names', async () => {
    const guest = await guestInRoom();
    await livekit.close();
    const res = await revoke(guest.invitationId);
    expect(res.status).toBe(200);
    expect(res.body.data.revokedAt).not.toBeNull();
    expect(await revokedAtOf(guest.invitationId)).not.toBeNull();
    expect(livekit.calls).toEqual([]);
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: 40,
        visitId: guest.visitId,
        err: { type: 'TypeError', code: 'ECONNREFUSED' },
      }),
    ]);
    expectNothingSecretLogged(guest);
    // The link is dead for the guest all the same.
    const view = await t.call('GET', `/api/v1/telehealth-invitations?key=${encodeURIComponent(guest.key)}`);
    expect(view.body.key).toBe('invalidInvitation');
  });
});
