import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  admitAutomatically,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/** An edge with a LiveKit server configured (none needs to run: tokens are minted, not used). */
const LIVEKIT = { url: 'ws://127.0.0.1:7880', key: 'devkey', secret: 'devsecret-for-tests-0123456789abcdef' };

let t: TestEdge;
let cast: Cast;
let clinic: string;

beforeAll(async () => {
  t = await startTestEdge({
    env: { LIVEKIT_URL: LIVEKIT.url, LIVEKIT_API_KEY: LIVEKIT.key, LIVEKIT_API_SECRET: LIVEKIT.secret },
  });
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
  await admitAutomatically(t.edge.deps.db, clinic);
});
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

/** The claims of a LiveKit token, after checking it is signed (HS256) with the API secret. */
function claimsOf(token: string) {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const expected = createHmac('sha256', LIVEKIT.secret).update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    iss: string;
    sub: string;
    name: string;
    exp: number;
    video: Record<string, unknown>;
  };
}

describe('call engines', () => {
  it('give each participant a LiveKit token for the visit’s room when the server has LiveKit', async () => {
    const visitId = await videoVisit();
    for (const [who, name] of [
      ['patient', 'Pat Morgan'],
      ['physician', 'Priya Raman'],
    ] as const) {
      const res = await api('POST', `/visits/${visitId}/participants/join`, who, { deviceId: device() });
      expect(res.status).toBe(200);
      const { call } = res.body.data;
      expect(call).toMatchObject({ engine: 'livekit', url: LIVEKIT.url, room: `visit-${visitId}` });
      const claims = claimsOf(call.token);
      expect(claims).toMatchObject({ iss: LIVEKIT.key, sub: cast.id[who], name });
      expect(claims.video).toMatchObject({
        room: `visit-${visitId}`,
        roomJoin: true,
        canPublish: true,
        canSubscribe: true,
      });
      expect(claims.video.roomAdmin).toBeUndefined();
      // Valid past the visit's end (30 minutes from its start in 5), not for days.
      expect(claims.exp * 1000).toBeGreaterThan(Date.now() + 35 * 60_000);
      expect(claims.exp * 1000).toBeLessThan(Date.now() + 3 * 3600_000);
    }
    const config = await api('GET', '/telemedicine/config', 'patient');
    expect(config.body.data).toMatchObject({ callEngine: 'livekit', livekitAvailable: true });
  });

  it('use Simple Peer when the organisation chose it, saying it was configured so', async () => {
    const chosen = await api('PATCH', '/settings/telemedicine', 'admin', {
      defaultCallEngine: 'simple-peer',
    });
    expect(chosen.status).toBe(200);
    const res = await api('POST', `/visits/${await videoVisit()}/participants/join`, 'patient', {
      deviceId: device(),
    });
    expect(res.body.data.call).toEqual({ engine: 'simple-peer', iceServers: [], reason: 'configured' });
  });
});
