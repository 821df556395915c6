import { hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Deps } from '../deps';
import { clearAllPresence, updatePresence } from './presence.repository';

/**
 * Presence (isOnline, lastSeen on accounts): an account is online while at least one of its sockets
 * is connected, to any edge. The edge decides when that starts and ends (it alone sees the sockets);
 * this service stores it and tells the organisation. lastSeen is when the account came online or,
 * once offline, when its last socket closed.
 */

/** Who sees the organisation's presence live: the people who work there (clinicians and admins). */
export function seesPresence(actor: Actor): boolean {
  return hasRouteRole(actor, 'clinician') || hasRouteRole(actor, 'admin');
}

async function setPresence(deps: Deps, accountId: string, isOnline: boolean): Promise<void> {
  const at = new Date();
  const account = await updatePresence(deps.db, accountId, isOnline, at);
  if (!account) return;
  deps.live.presence({
    organisationId: account.organisationId,
    accountId,
    isOnline,
    lastSeen: at.toISOString(),
  });
}

/** A socket of this account connected. */
export function markOnline(deps: Deps, actor: Actor): Promise<void> {
  return setPresence(deps, actor.accountId, true);
}

/** The last socket of this account, on every edge, closed. */
export function markOffline(deps: Deps, actor: Actor): Promise<void> {
  return setPresence(deps, actor.accountId, false);
}

/**
 * A single edge starting holds no sockets, so nobody is online: this undoes what a crash left
 * behind. Never with several edges (Redis), where the others' sockets are still connected.
 */
export function clearPresence(deps: Pick<Deps, 'db'>): Promise<void> {
  return clearAllPresence(deps.db);
}
