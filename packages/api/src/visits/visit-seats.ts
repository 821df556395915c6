import type { VisitParticipant, VisitParticipantRole } from '@opencare/schemas/entities/visits';
import { recordVisitTime } from '../care-time/care-time.service';
import type { Deps } from '../deps';
import { AppError } from '../errors/app-error';
import { removeFromLivekitRoom } from './livekit-rooms';
import { assertRoom } from './visit-call';
import { toVisitDto } from './visit.dto';
import {
  closeParticipant,
  findActiveOfPerson,
  findActiveParticipants,
  findVisitsWithAccounts,
  insertParticipant,
  isPersonOf,
  lockVisit,
  wasAdmitted,
  type Person,
} from './visit-participants.repository';
import { currentParticipants, toVisitParticipant } from './visit-room.service';
import { announceLine, announceLineOf, knockOf } from './visit-waiting-room.service';
import { findVisit, findVisitForUpdate, markVisitWaiting, type VisitRow } from './visits.repository';

/**
 * A person's place in a visit, on one device: the one-device rule, take-over and rejoining, shared
 * by signed-in participants and guests. The caller has already decided who may join; `check` runs
 * the joining rules again under the visit's lock, so a visit ended a moment ago is not joined.
 */

export type { Person };

export interface Seat {
  person: Person;
  role: VisitParticipantRole;
  deviceId: string;
}

export interface SeatTaken {
  row: VisitRow;
  self: VisitParticipant;
  participants: VisitParticipant[];
}

export interface SeatRules {
  /** Join here although this person is in the visit on another device. */
  takeOver: boolean;
  /** The organisation's setting: patients and guests wait until a clinician lets them in. */
  admitRequired: boolean;
  /** The joining rules, again under the visit's lock. */
  check: (row: VisitRow) => void;
  /** People in the call at once (Simple Peer's mesh), or null for no cap (LiveKit): `callCapacityOf`. */
  capacity: number | null;
}

/** How take-over names the person to the socket layer: the account, or the guest's identity. */
const liveIdOf = (person: Person) =>
  'accountId' in person ? person.accountId : `guest-${person.invitationId}`;

export async function takeSeat(deps: Deps, visitId: string, seat: Seat, rules: SeatRules): Promise<SeatTaken> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findVisitForUpdate(tx, visitId);
    if (!row) throw new AppError('notFound');
    rules.check(row);
    // Everyone in the visit now, read once (call set-up): this person's places, the device's, the call's size.
    const active = await findActiveParticipants(tx, visitId);
    const mine = active.filter((p) => isPersonOf(p, seat.person));
    const here = mine.find((p) => p.deviceId === seat.deviceId);
    // Rejoining from the same device (a reload, a reconnect) keeps the place it had.
    if (here) return { row, changed: false, closed: [] as string[], checkedIn: false };
    // Another person already holds this device id: device ids are random per tab, so refuse.
    if (active.some((p) => p.deviceId === seat.deviceId)) throw new AppError('unableToJoin');
    if (mine.length > 0 && !rules.takeOver) throw new AppError('visitActiveElsewhere');
    // Providers are in at once; so is someone let in earlier in this visit (back on a new device).
    const admitted =
      seat.role === 'provider' || !rules.admitRequired || (await wasAdmitted(tx, visitId, seat.person));
    // Into the call now: there must be room, not counting this person's own place taken over.
    if (admitted) assertRoom(active.filter((p) => p.admitted && !mine.includes(p)).length, 1, rules.capacity);
    for (const other of mine) await closeParticipant(tx, other.rowId, now);
    await insertParticipant(tx, {
      visitId,
      accountId: 'accountId' in seat.person ? seat.person.accountId : null,
      invitationId: 'invitationId' in seat.person ? seat.person.invitationId : null,
      role: seat.role,
      deviceId: seat.deviceId,
      joinedAt: now,
      admittedAt: admitted ? now : null,
    });
    // Checking in: the patient (or a guest) is there before a clinician started the visit.
    const checkedIn = seat.role !== 'provider' && (await markVisitWaiting(tx, visitId));
    return { row, changed: true, closed: mine.map((p) => p.deviceId), checkedIn };
  });

  const active = await findActiveParticipants(deps.db, visitId);
  const self = active.find((p) => p.deviceId === seat.deviceId);
  if (!self) throw new AppError('unableToJoin');
  const participants = active.map(toVisitParticipant);
  if (outcome.changed) {
    for (const deviceId of outcome.closed) {
      deps.live.visit({ kind: 'takenOver', visitId, accountId: liveIdOf(seat.person), deviceId });
    }
    deps.live.visit({ kind: 'participants', visitId, participants });
  }
  // Checked in: the only change to the visit read under the lock is its status.
  const row = outcome.checkedIn ? { ...outcome.row, visit: { ...outcome.row.visit, status: 'w' as const } } : outcome.row;
  if (outcome.checkedIn) announceStatus(deps, row);
  // Someone new in the waiting room: the provider hears a knock, and the line its places.
  if (outcome.changed && !self.admitted) {
    deps.live.visit({ kind: 'knock', providerAccountId: row.appointment.providerAccountId, visit: knockOf(row, participants) });
    await announceLine(deps, row.appointment.providerAccountId);
  }
  return { row, self: toVisitParticipant(self), participants };
}

/** Leave from a device: closes that device's place if this person holds it; idempotent. */
export async function leaveSeat(
  deps: Deps,
  visitId: string,
  person: Person,
  deviceId: string,
): Promise<VisitParticipant[]> {
  const left = await deps.db.transaction(async (tx) => {
    await lockVisit(tx, visitId);
    const mine = await findActiveOfPerson(tx, visitId, person);
    const here = mine.find((p) => p.deviceId === deviceId);
    if (!here) return here;
    const now = new Date();
    await closeParticipant(tx, here.rowId, now);
    // The last one out of a started visit nobody ended: its time so far counts (issue 19).
    const visit = await findVisit(tx, visitId);
    if (visit?.details.startedAt && !visit.details.endedAt && (await findActiveParticipants(tx, visitId)).length === 0) {
      await recordVisitTime(tx, {
        visitId,
        organisationId: visit.appointment.organisationId,
        patientAccountId: visit.appointment.patientAccountId,
        startedAt: visit.details.startedAt,
        endedAt: now,
      });
    }
    return here;
  });
  const participants = await currentParticipants(deps, visitId);
  if (left) {
    deps.live.visit({ kind: 'participants', visitId, participants });
    deps.live.visit({ kind: 'left', visitId, deviceIds: [deviceId] });
    // Someone gave up waiting: those behind move up.
    if (!left.admitted) await announceLineOf(deps, visitId);
  }
  return participants;
}

/**
 * A disabled person leaves every visit they are in, on every device: their places close, each
 * visit's screens hear who is left (they drop that peer), and LiveKit puts them out of the room (a
 * locked account may be in someone else's hands, and its media would otherwise flow until its token
 * expires). Their sockets are closed by the caller.
 */
export async function leaveAllSeatsOf(deps: Deps, accountIds: string[]): Promise<void> {
  for (const visitId of await findVisitsWithAccounts(deps.db, accountIds)) {
    const left = await deps.db.transaction(async (tx) => {
      await lockVisit(tx, visitId);
      const theirs = (await findActiveParticipants(tx, visitId)).filter((p) => p.accountId !== null && accountIds.includes(p.accountId));
      const now = new Date();
      for (const place of theirs) await closeParticipant(tx, place.rowId, now);
      return [...new Set(theirs.flatMap((p) => (p.accountId === null ? [] : [p.accountId])))];
    });
    if (left.length === 0) continue;
    deps.live.visit({ kind: 'participants', visitId, participants: await currentParticipants(deps, visitId) });
    // A LiveKit identity is the account id (livekit-token.ts).
    await Promise.all(left.map((accountId) => removeFromLivekitRoom(deps, visitId, accountId)));
  }
}

/** A guest whose link was revoked leaves the visit on every device; their sockets are closed by the caller. */
export async function leaveAllSeatsOfGuest(deps: Deps, visitId: string, invitationId: string): Promise<void> {
  const left = await deps.db.transaction(async (tx) => {
    await lockVisit(tx, visitId);
    const theirs = await findActiveOfPerson(tx, visitId, { invitationId });
    const now = new Date();
    for (const place of theirs) await closeParticipant(tx, place.rowId, now);
    return theirs;
  });
  if (left.length === 0) return;
  deps.live.visit({ kind: 'participants', visitId, participants: await currentParticipants(deps, visitId) });
  deps.live.visit({ kind: 'left', visitId, deviceIds: left.map((place) => place.deviceId) });
  if (left.some((place) => !place.admitted)) await announceLineOf(deps, visitId);
}

/** Tell the visit's screens its status (after start, check-in, end, completion). */
export function announceStatus(deps: Deps, row: VisitRow): void {
  const visit = toVisitDto(row, null);
  deps.live.visit({
    kind: 'status',
    visitId: visit.id,
    status: visit.status,
    startedAt: visit.startedAt,
    endedAt: visit.endedAt,
  });
}
