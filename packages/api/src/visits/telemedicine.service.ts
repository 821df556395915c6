import type { TelemedicineConfig } from '@opencare/schemas/entities/settings';
import type { Actor } from '../access/actor';
import type { Deps } from '../deps';
import { settingsOf } from '../settings/settings.service';

/**
 * How the caller's visits run: the organisation's telemedicine settings, with the call engine
 * falling back to Simple Peer when this server has no LiveKit (the client tells the user so).
 */
export async function telemedicineConfig(deps: Deps, actor: Actor): Promise<TelemedicineConfig> {
  return telemedicineConfigOf(deps, actor.organisationId);
}

/** The same for the organisation a visit belongs to (a guest has no organisation of their own). */
export async function telemedicineConfigOf(
  deps: Pick<Deps, 'db' | 'config'>,
  organisationId: string,
): Promise<TelemedicineConfig> {
  const settings = await settingsOf(deps.db, organisationId, 'telemedicine');
  const livekitAvailable = deps.config.livekit !== null;
  return {
    callEngine:
      settings.defaultCallEngine === 'livekit' && !livekitAvailable
        ? 'simple-peer'
        : settings.defaultCallEngine,
    configuredEngine: settings.defaultCallEngine,
    livekitAvailable,
    joinEarlyMinutes: settings.joinEarlyMinutes,
    endWarningMinutes: settings.endWarningMinutes,
    stayOrLeaveSeconds: settings.stayOrLeaveSeconds,
    admitRequired: settings.admitRequired,
  };
}
