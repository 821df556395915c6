import { CALL_CHECK_UPLOAD_MAX_BYTES, type CallCheck, type CallCheckInput } from '@opencare/schemas/entities/call-check';
import type { Actor } from '../access/actor';
import type { Deps } from '../deps';
import { AppError } from '../errors/app-error';
import { assertGuestKeyLive } from '../telehealth-invitations/telehealth-invitations.service';
import { iceServersFor } from './ice-servers';

/** The check gathers its candidates within seconds: its TURN credentials need not outlive a few checks. */
const CHECK_TURN_TTL_SECONDS = 10 * 60;

/**
 * Who may run the pre-call check: anyone signed in, or a guest whose link is live. The check hands
 * out this server's ICE servers, which a joined call gets anyway; a stranger gets nothing.
 */
export async function assertMayCheckCall(deps: Deps, actor: Actor | undefined, input: CallCheckInput): Promise<void> {
  if (actor) return;
  if (!input.key) throw new AppError('tokenRequired');
  await assertGuestKeyLive(deps, input.key);
}

/**
 * What the browser's check needs before joining: the ICE servers a Simple Peer call would use (the
 * same list a joined session gets, visit-call.ts; TURN credentials short-lived where the edge can
 * mint them) and the cap of the upload it times.
 */
export async function callCheckFor(deps: Deps, actor: Actor | undefined, input: CallCheckInput): Promise<CallCheck> {
  await assertMayCheckCall(deps, actor, input);
  const who = actor?.accountId ?? 'guest';
  const iceServers = iceServersFor(deps.config.iceServers, deps.config.turnSecret, who, CHECK_TURN_TTL_SECONDS);
  return { iceServers, uploadMaxBytes: CALL_CHECK_UPLOAD_MAX_BYTES };
}
