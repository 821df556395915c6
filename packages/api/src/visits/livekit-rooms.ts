import { RoomServiceClient, ServerError } from 'livekit-server-sdk';
import type { Deps } from '../deps';
import { livekitRoomOf, type LivekitServer } from './livekit-token';

/**
 * The edge's one call into LiveKit's room service: putting a participant out of a visit's room.
 * Closing a seat and a socket does not end a LiveKit connection; the media keeps flowing until the
 * participant's token expires (up to an hour after the visit's scheduled end), so a revocation that
 * must take effect at once has to ask LiveKit too.
 */

/** Revoking answers the clinician within seconds even when LiveKit does not answer at all. */
const REQUEST_TIMEOUT_SECONDS = 3;

/**
 * The room service speaks HTTP on the address clients open as a WebSocket. Where the edge cannot
 * reach that address (docker-compose's `ws://localhost:7880` is the host's, not the edge
 * container's), LIVEKIT_API_URL names the one it can.
 */
export function roomServiceHostOf(url: string): string {
  return url.replace(/^ws(s?):\/\//i, (_scheme, secure: string) => `http${secure.toLowerCase()}://`);
}

/**
 * Put `identity` out of the visit's room, if it is there. Never throws: the caller's own change
 * (a revoked link, a disabled account) stands whatever LiveKit says, so a participant not in the room is simply done,
 * and an unreachable or failing LiveKit is a warning for the operator, not the clinician's error.
 * LiveKit's protocol has the server also refuse that identity's tokens issued before then, so the
 * client cannot rejoin with the token it holds (`revoke_token_ts`, left empty: the server's now plus
 * a minute); a server that does not do so lets it rejoin, until the token expires.
 */
export async function removeFromLivekitRoom(
  deps: Pick<Deps, 'config' | 'log'>,
  visitId: string,
  identity: string,
): Promise<void> {
  const server = deps.config.livekit;
  if (!server) return;
  try {
    await roomServiceOf(server).removeParticipant(livekitRoomOf(visitId), identity);
  } catch (error) {
    if (error instanceof ServerError && error.code === 'not_found') return;
    // The visit id only: not the identity (an invitation or account id), no token, key or LiveKit's message.
    deps.log.warn(
      { visitId, err: describeFailure(error) },
      'LiveKit participant not removed; their media lasts until their token expires',
    );
  }
}

function roomServiceOf(server: LivekitServer): RoomServiceClient {
  return new RoomServiceClient(server.apiUrl ?? roomServiceHostOf(server.url), server.apiKey, server.apiSecret, {
    requestTimeout: REQUEST_TIMEOUT_SECONDS,
    // Failover retries other LiveKit Cloud regions after the first try; it would break the bound above.
    failover: false,
  });
}

/** What went wrong, without the error's message (a server's message may name the participant). */
function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof ServerError) return { type: 'ServerError', status: error.status, code: error.code };
  const { name, cause } = error instanceof Error ? error : { name: typeof error, cause: undefined };
  const causeCode =
    cause && typeof cause === 'object' && 'code' in cause ? String(cause.code).slice(0, 40) : undefined;
  return { type: name, ...(causeCode ? { code: causeCode } : {}) };
}
