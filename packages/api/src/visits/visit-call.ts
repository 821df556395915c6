import type { TelemedicineConfig } from '@opencare/schemas/entities/settings';
import { MESH_CALL_CAPACITY, type VisitCall, type VisitParticipantRole } from '@opencare/schemas/entities/visits';
import type { Deps } from '../deps';
import { AppError } from '../errors/app-error';
import { iceServersFor } from './ice-servers';
import { livekitTokenTtlSeconds, mintLivekitToken } from './livekit-token';

/** Whether this organisation's calls run on LiveKit here (else Simple Peer). */
const onLivekit = (deps: Pick<Deps, 'config'>, settings: TelemedicineConfig) =>
  settings.configuredEngine === 'livekit' && deps.config.livekit !== null;

/**
 * How many people may be in the call at once: Simple Peer's mesh sends every stream to every
 * device, so it takes at most MESH_CALL_CAPACITY; LiveKit's server forwards them, with no cap.
 */
export function callCapacityOf(deps: Pick<Deps, 'config'>, settings: TelemedicineConfig): number | null {
  return onLivekit(deps, settings) ? null : MESH_CALL_CAPACITY;
}

/** A full call refuses one more; nothing has changed when this throws (the caller's transaction rolls back). */
export function assertRoom(inCall: number, joining: number, capacity: number | null): void {
  if (capacity !== null && inCall + joining > capacity) throw new AppError('visitFull', { params: { max: capacity } });
}

/**
 * How one participant's call runs. LiveKit when the organisation chose it (the default) and this
 * server has a LiveKit; otherwise Simple Peer with this server's ICE servers, saying why, so the
 * client can tell the user that the fallback is in use ('livekitUnavailable') or not ('configured').
 */
export async function visitCallFor(
  deps: Pick<Deps, 'config'>,
  settings: TelemedicineConfig,
  participant: {
    visitId: string;
    identity: string;
    fullName: string;
    role: VisitParticipantRole;
    deviceId: string;
    endsAt: Date;
  },
): Promise<VisitCall> {
  const server = deps.config.livekit;
  if (onLivekit(deps, settings) && server) {
    const { room, token } = await mintLivekitToken(server, {
      ...participant,
      ttlSeconds: livekitTokenTtlSeconds(participant.endsAt),
    });
    return { engine: 'livekit', url: server.url, room, token };
  }
  return {
    engine: 'simple-peer',
    iceServers: iceServersFor(deps.config.iceServers, deps.config.turnSecret, participant.identity, livekitTokenTtlSeconds(participant.endsAt)),
    reason: settings.configuredEngine === 'livekit' ? 'livekitUnavailable' : 'configured',
  };
}
