import { decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  guestIdentityOf,
  LIVEKIT_TOKEN_MARGIN_SECONDS,
  livekitRoomOf,
  livekitTokenTtlSeconds,
  mintLivekitToken,
} from './livekit-token';

const server = {
  url: 'ws://127.0.0.1:7880',
  apiKey: 'devkey',
  apiSecret: 'a-dev-secret-of-at-least-32-characters',
};
const visitId = '0b6f7a52-2f3c-4f59-8d55-7d1c3c9f2b11';
const endsAt = new Date(Date.now() + 30 * 60_000);

async function claimsOf(token: string) {
  // Signed with the API secret (HS256), as the LiveKit server checks it.
  const { payload } = await jwtVerify(token, new TextEncoder().encode(server.apiSecret), {
    algorithms: ['HS256'],
  });
  return payload as Record<string, unknown> & { video: Record<string, unknown>; exp: number; iss: string };
}

describe('LiveKit room tokens', () => {
  it('admit a patient to this visit’s room only, publishing and subscribing, without admin rights', async () => {
    const patientId = '5c1f3b8e-6a4d-4c2e-9f1a-2b3c4d5e6f70';
    const { room, token } = await mintLivekitToken(server, {
      visitId,
      identity: patientId,
      fullName: 'Pat Morgan',
      role: 'patient',
      deviceId: 'tab-aaaaaaaa',
      ttlSeconds: livekitTokenTtlSeconds(endsAt),
    });
    expect(room).toBe(`visit-${visitId}`);
    const claims = await claimsOf(token);
    expect(claims.iss).toBe('devkey');
    expect(claims.sub).toBe(patientId);
    expect(claims.name).toBe('Pat Morgan');
    expect(claims.attributes).toEqual({ role: 'patient', deviceId: 'tab-aaaaaaaa' });
    expect(claims.video).toEqual({
      room: `visit-${visitId}`,
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
      hidden: false,
    });
    expect(claims.video.roomAdmin).toBeUndefined();
    expect(claims.video.roomCreate).toBeUndefined();
    // Expires an hour after the visit's scheduled end (within the test's own few seconds).
    const expected = Math.floor(endsAt.getTime() / 1000) + LIVEKIT_TOKEN_MARGIN_SECONDS;
    expect(Math.abs(claims.exp - expected)).toBeLessThanOrEqual(5);
  });

  it('give a physician the same grants in the same room, under their own identity', async () => {
    const physicianId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const { token } = await mintLivekitToken(server, {
      visitId,
      identity: physicianId,
      fullName: 'Priya Raman',
      role: 'provider',
      deviceId: 'tab-bbbbbbbb',
      ttlSeconds: 900,
    });
    const claims = await claimsOf(token);
    expect(claims.sub).toBe(physicianId);
    expect(claims.attributes).toEqual({ role: 'provider', deviceId: 'tab-bbbbbbbb' });
    expect(claims.video).toMatchObject({
      room: `visit-${visitId}`,
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
    });
    expect(claims.video.roomAdmin).toBeUndefined();
    expect(claims.exp - Number(decodeJwt(token).nbf)).toBe(900);
  });

  it('name guests by their invitation, never by an account', async () => {
    const { token } = await mintLivekitToken(server, {
      visitId,
      identity: guestIdentityOf('11111111-2222-4333-8444-555555555555'),
      fullName: 'Sam Guest',
      role: 'guest',
      deviceId: 'tab-cccccccc',
      ttlSeconds: 900,
    });
    expect((await claimsOf(token)).sub).toBe('guest-11111111-2222-4333-8444-555555555555');
  });

  it('last at least a quarter of an hour, even for a visit that ended a while ago', () => {
    expect(livekitTokenTtlSeconds(new Date(Date.now() - 5 * 3600_000))).toBe(15 * 60);
    expect(livekitRoomOf(visitId)).not.toContain('-code-');
  });
});
