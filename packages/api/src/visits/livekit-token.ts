import type { VisitParticipantRole } from '@opencare/schemas/entities/visits';
import { AccessToken } from 'livekit-server-sdk';

/**
 * LiveKit room tokens for video visits. A token admits one participant to one visit's room:
 *  - the room is named after the visit's id, never its code (the code is what people type and
 *    share; the room name is visible to every participant's client);
 *  - the identity is the account id (guests: `guest-<invitationId>`), so one person is one
 *    participant and a second device with the same identity replaces the first, as take-over does;
 *  - everyone may publish, subscribe and send data (drawings, snapshots' notices); no one gets
 *    roomAdmin or roomCreate: kicking and muting others is not a feature, and the least a leaked
 *    token can do is join that one room until it expires (LiveKit creates the room on first join);
 *  - it expires shortly after the visit's scheduled end (see `livekitTokenTtlSeconds`).
 */

export interface LivekitServer {
  /** What browsers connect to (ws:// or wss://). */
  url: string;
  /** Where the edge reaches LiveKit's room service, when not at `url` (e.g. inside a compose network). */
  apiUrl?: string;
  apiKey: string;
  apiSecret: string;
}

export const livekitRoomOf = (visitId: string) => `visit-${visitId}`;

export const guestIdentityOf = (invitationId: string) => `guest-${invitationId}`;

/** Margin after the scheduled end: the stay-or-leave prompt lets a visit run over. */
export const LIVEKIT_TOKEN_MARGIN_SECONDS = 60 * 60;
/** A token is only for joining now; LiveKit checks expiry on connect and on reconnect. */
const MIN_TTL_SECONDS = 15 * 60;

/** From now until the visit's scheduled end plus the margin (at least a quarter of an hour). */
export function livekitTokenTtlSeconds(endsAt: Date, now = new Date()): number {
  const untilEnd = Math.ceil((endsAt.getTime() - now.getTime()) / 1000);
  return Math.max(MIN_TTL_SECONDS, untilEnd + LIVEKIT_TOKEN_MARGIN_SECONDS);
}

export async function mintLivekitToken(
  server: LivekitServer,
  input: {
    visitId: string;
    identity: string;
    fullName: string;
    role: VisitParticipantRole;
    deviceId: string;
    ttlSeconds: number;
  },
): Promise<{ room: string; token: string }> {
  const room = livekitRoomOf(input.visitId);
  const token = new AccessToken(server.apiKey, server.apiSecret, {
    identity: input.identity,
    name: input.fullName,
    ttl: input.ttlSeconds,
    // What the other clients show and how they match a LiveKit participant to a visit participant.
    attributes: { role: input.role, deviceId: input.deviceId },
  });
  token.addGrant({
    room,
    roomJoin: true,
    canPublish: true,
    canSubscribe: true,
    canPublishData: true,
    hidden: false,
  });
  return { room, token: await token.toJwt() };
}
