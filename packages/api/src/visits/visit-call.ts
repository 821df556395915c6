import type { TelemedicineConfig } from '@opencare/schemas/entities/settings';
import type { VisitCall, VisitParticipantRole } from '@opencare/schemas/entities/visits';
import type { Deps } from '../deps';
import { iceServersFor } from './ice-servers';
import { livekitTokenTtlSeconds, mintLivekitToken } from './livekit-token';

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
  if (settings.configuredEngine === 'livekit' && server) {
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
