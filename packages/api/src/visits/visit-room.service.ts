import type { VisitParticipant, VisitWaiting } from '@opencare/schemas/entities/visits';
import { authorize } from '../access/access';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { findActiveParticipants, type ActiveParticipant } from './visit-participants.repository';
import { waitingOf } from './visit-waiting-room.service';
import { findVisit } from './visits.repository';

/**
 * What the socket layer asks of visits. A device enters a visit's room (to receive its participants,
 * status and Simple Peer signals) only after it joined through the API, which applied the joining
 * rules: the room checks that this person holds an active place in the visit on this very device.
 */

/** The wire shape of a participant: no row ids, no invitation ids. */
export function toVisitParticipant(p: ActiveParticipant): VisitParticipant {
  return {
    accountId: p.accountId,
    fullName: p.fullName,
    role: p.role,
    guestRole: p.guestRole,
    deviceId: p.deviceId,
    joinedAt: p.joinedAt,
    admitted: p.admitted,
  };
}

export async function currentParticipants(
  deps: Pick<Deps, 'db'>,
  visitId: string,
): Promise<VisitParticipant[]> {
  return (await findActiveParticipants(deps.db, visitId)).map(toVisitParticipant);
}

/**
 * A signed-in person's device enters the room of a visit it joined. Refused (403, audited) unless
 * the actor's account holds an active participant row with that device id in that visit: a device
 * that left, was taken over, or never joined cannot listen in. Returns who is in the visit now, and
 * where this device waits if it was not let in yet.
 */
export interface RoomEntry {
  participants: VisitParticipant[];
  /** Null once admitted: the device enters the call's room. */
  waiting: VisitWaiting | null;
}

async function entryOf(
  deps: Deps,
  visitId: string,
  place: ActiveParticipant,
  active: ActiveParticipant[],
): Promise<RoomEntry> {
  const participants = active.map(toVisitParticipant);
  if (place.admitted) return { participants, waiting: null };
  const row = await findVisit(deps.db, visitId);
  if (!row) throw new AppError('notFound');
  return { participants, waiting: await waitingOf(deps, row) };
}

export async function enterVisitRoom(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: { visitId: string; deviceId: string },
): Promise<RoomEntry> {
  // One read gives both this device's place and who is in the visit (call set-up: fewer round trips).
  const active = await findActiveParticipants(deps.db, input.visitId);
  const place = active.find((p) => p.deviceId === input.deviceId);
  await authorize(deps, actor, meta, {
    action: 'visit.enterRoom',
    resourceType: 'visit',
    resourceId: input.visitId,
    allowed: place !== undefined && place.accountId === actor.accountId,
  });
  if (!place) throw new AppError('err_forbidden');
  return entryOf(deps, input.visitId, place, active);
}

/**
 * A guest's device enters the room of the visit its guest token names (telehealth-invitations/
 * guest-token.ts `verifyGuestToken` gives the claims): only while that invitation holds an active
 * place on that device, so a guest who left or was taken over cannot listen in. 403 otherwise.
 */
export async function enterVisitRoomAsGuest(
  deps: Deps,
  meta: RequestMeta,
  guest: { invitationId: string; visitId: string; deviceId: string },
): Promise<RoomEntry> {
  const active = await findActiveParticipants(deps.db, guest.visitId);
  const place = active.find((p) => p.deviceId === guest.deviceId);
  const allowed = place !== undefined && place.invitationId === guest.invitationId;
  await audit(deps.db, null, meta, {
    action: 'visit.enterRoom',
    resourceType: 'visit',
    resourceId: guest.visitId,
    outcome: allowed ? 'allowed' : 'denied',
  });
  if (!allowed || !place) throw new AppError('err_forbidden');
  return entryOf(deps, guest.visitId, place, active);
}
