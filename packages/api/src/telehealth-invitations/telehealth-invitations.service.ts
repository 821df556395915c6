import type { Permission } from '@opencare/schemas/roles';
import type {
  CreateTelehealthInvitationInput,
  GuestVisitSession,
  JoinTelehealthInvitationInput,
  LeaveTelehealthInvitationInput,
  TelehealthInvitation,
  TelehealthInvitationView,
  VisitParticipant,
} from '@opencare/schemas/entities/visits';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import { fullNameOf } from '../accounts/account.dto';
import { hashToken, newOpaqueToken } from '../auth/secrets';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { assertMailOn } from '../mail/mailer';
import { patientFor } from '../patients/patient-access';
import { findOrganisationName } from '../settings/settings.repository';
import { removeFromLivekitRoom } from '../visits/livekit-rooms';
import { guestIdentityOf } from '../visits/livekit-token';
import { telemedicineConfigOf } from '../visits/telemedicine.service';
import { callCapacityOf } from '../visits/visit-call';
import { callOrWait } from '../visits/visit-waiting-room.service';
import { toVisitDto, visitStatusOf } from '../visits/visit.dto';
import { assertJoinable, RUNNING_VISIT_GRACE_MINUTES } from '../visits/visit-joining';
import { leaveAllSeatsOfGuest, leaveSeat, takeSeat } from '../visits/visit-seats';
import { findVisit, type VisitRow } from '../visits/visits.repository';
import { findActiveParticipants, type ActiveParticipant } from '../visits/visit-participants.repository';
import { signGuestToken } from './guest-token';
import { sendTelehealthInvitation } from './telehealth-invitation-mail';
import {
  findTelehealthInvitation,
  findTelehealthInvitationByKeyHash,
  insertTelehealthInvitation,
  listTelehealthInvitationsOfVisit,
  revokeTelehealthInvitationRow,
  type TelehealthInvitationRow,
} from './telehealth-invitations.repository';

/**
 * Guest links (spec §7): a physician or nurse of the patient's organisation invites someone without
 * an account (a relative, an interpreter, a colleague elsewhere) to one video visit. The e-mailed
 * link holds a random key; only its hash is stored, so the database cannot give links away. A link
 * works until the latest a visit can be joined (its end plus the running-visit grace), unless
 * revoked. Opening it shows no patient data; joining follows the visit's joining rules.
 */

const MINUTE_MS = 60_000;

/** A link as the clinician's list shows it, with where its guest is now (their open places in the visit). */
function toDto(row: TelehealthInvitationRow, places: ActiveParticipant[] = []): TelehealthInvitation {
  const theirs = places.filter((p) => p.invitationId === row.id);
  const status = row.revokedAt
    ? 'revoked'
    : row.expiresAt.getTime() <= Date.now()
      ? 'expired'
      : theirs.some((p) => p.admitted)
        ? 'inCall'
        : theirs.length > 0
          ? 'waiting'
          : 'invited';
  return {
    id: row.id,
    visitId: row.visitId,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    status,
    deviceIds: theirs.map((p) => p.deviceId),
  };
}

/** A visit whose patient's record the actor cares for (physicians and nurses), audited. */
async function visitInCare(deps: Deps, actor: Actor, meta: RequestMeta, visitId: string, action: string, permission: Permission = 'Read') {
  const row = await findVisit(deps.db, visitId);
  if (!row) throw new AppError('notFound');
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, action, 'care', permission);
  return row;
}

export async function createTelehealthInvitation(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: CreateTelehealthInvitationInput,
): Promise<TelehealthInvitation> {
  const visit = await visitInCare(deps, actor, meta, input.visitId, 'telehealthInvitation.create', 'Write');
  // A link to a visit no one can join any more (or never by video) would only disappoint.
  assertJoinable(joinableOf(visit), new Date(), Number.MAX_SAFE_INTEGER);
  assertMailOn(deps);
  const key = newOpaqueToken();
  const expiresAt = new Date(visit.appointment.endsAt.getTime() + RUNNING_VISIT_GRACE_MINUTES * MINUTE_MS);
  const id = await insertTelehealthInvitation(deps.db, {
    organisationId: visit.appointment.organisationId,
    visitId: visit.visit.id,
    keyHash: hashToken(key),
    fullName: input.fullName,
    email: input.email,
    role: input.role,
    expiresAt,
    createdByAccountId: actor.accountId,
  });
  await sendTelehealthInvitation(deps, {
    organisationId: visit.appointment.organisationId,
    email: input.email,
    guestName: input.fullName,
    role: input.role,
    key,
    organisationName: (await findOrganisationName(deps.db, visit.appointment.organisationId)) ?? '',
    providerName: fullNameOf(visit.provider),
    startsAt: visit.appointment.startsAt,
  });
  const row = await findTelehealthInvitation(deps.db, id);
  if (!row) throw new AppError('notFound');
  return toDto(row);
}

export async function listTelehealthInvitations(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  visitId: string,
): Promise<TelehealthInvitation[]> {
  await visitInCare(deps, actor, meta, visitId, 'telehealthInvitation.list');
  const places = await findActiveParticipants(deps.db, visitId);
  return (await listTelehealthInvitationsOfVisit(deps.db, visitId)).map((row) => toDto(row, places));
}

export async function revokeTelehealthInvitation(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<TelehealthInvitation> {
  const row = await findTelehealthInvitation(deps.db, id);
  if (!row) throw new AppError('notFound');
  await visitInCare(deps, actor, meta, row.visitId, 'telehealthInvitation.revoke', 'Update');
  await revokeTelehealthInvitationRow(deps.db, id, new Date());
  // The link admits no one from now on, and a guest in the call is out at once: their places close
  // (the visit's screens drop that peer), their sockets are told and closed, on every edge, and their
  // LiveKit connection is cut. LiveKit is asked whatever the organisation's engine is now (it may have
  // changed while the guest was in the room) and whether or not a seat was open (a client can leave
  // its seat and stay connected); a guest not in the room costs one quick not_found.
  await leaveAllSeatsOfGuest(deps, row.visitId, id);
  deps.live.guestRevoked(id);
  await removeFromLivekitRoom(deps, row.visitId, guestIdentityOf(id));
  const after = await findTelehealthInvitation(deps.db, id);
  if (!after) throw new AppError('notFound');
  return toDto(after);
}

function joinableOf(row: VisitRow) {
  return {
    status: visitStatusOf(row.visit.status, row.appointment.status, row.visit.completedAt),
    endedAt: row.details.endedAt,
    completedAt: row.visit.completedAt,
    appointment: row.appointment,
  };
}

/** The invitation a key opens, and its visit: unknown, revoked and expired keys all read invalid. */
async function openKey(
  deps: Deps,
  key: string,
): Promise<{ invitation: TelehealthInvitationRow; visit: VisitRow }> {
  const invitation = await findTelehealthInvitationByKeyHash(deps.db, hashToken(key));
  if (!invitation || invitation.revokedAt || invitation.expiresAt.getTime() <= Date.now()) {
    throw new AppError('invalidInvitation');
  }
  const visit = await findVisit(deps.db, invitation.visitId);
  if (!visit) throw new AppError('invalidInvitation');
  return { invitation, visit };
}

/** A guest's key opens a live invitation (the pre-call check before joining); anything else reads invalid. */
export async function assertGuestKeyLive(deps: Deps, key: string): Promise<void> {
  await openKey(deps, key);
}

/** A guest's socket handshake: the invitation behind their token is neither revoked nor expired. */
export async function assertGuestLinkLive(deps: Deps, invitationId: string): Promise<void> {
  const invitation = await findTelehealthInvitation(deps.db, invitationId);
  if (!invitation || invitation.revokedAt || invitation.expiresAt.getTime() <= Date.now()) throw new AppError('invalidInvitation');
}

/** GET /telehealth-invitations?key=, without credentials: who invites whom and when, nothing more. */
export async function viewTelehealthInvitation(deps: Deps, key: string): Promise<TelehealthInvitationView> {
  const { invitation, visit } = await openKey(deps, key);
  return {
    guestName: invitation.fullName,
    organisationName: (await findOrganisationName(deps.db, invitation.organisationId)) ?? '',
    providerName: fullNameOf(visit.provider),
    startsAt: visit.appointment.startsAt.toISOString(),
    endsAt: visit.appointment.endsAt.toISOString(),
    visitStatus: visitStatusOf(visit.visit.status, visit.appointment.status, visit.visit.completedAt),
  };
}

/** A guest joins with their link's key, under the same joining rules and one-device rule. */
export async function joinAsGuest(
  deps: Deps,
  meta: RequestMeta,
  input: JoinTelehealthInvitationInput,
): Promise<GuestVisitSession> {
  const { invitation, visit } = await openKey(deps, input.key);
  const settings = await telemedicineConfigOf(deps, invitation.organisationId);
  assertJoinable(joinableOf(visit), new Date(), settings.joinEarlyMinutes);
  const seat = await takeSeat(
    deps,
    visit.visit.id,
    { person: { invitationId: invitation.id }, role: 'guest', deviceId: input.deviceId },
    {
      takeOver: input.takeOver,
      admitRequired: settings.admitRequired,
      capacity: callCapacityOf(deps, settings),
      check: (fresh) => assertJoinable(joinableOf(fresh), new Date(), settings.joinEarlyMinutes),
    },
  );
  const how = await callOrWait(deps, settings, seat.row, seat.self, guestIdentityOf(invitation.id));
  // The guest has no account: the audit log names the invitation they came with.
  await audit(deps.db, null, meta, {
    action: 'visit.guestJoin',
    resourceType: 'telehealthInvitation',
    resourceId: invitation.id,
    outcome: 'allowed',
  });
  const dto = toVisitDto(seat.row, null);
  return {
    // A guest sees who is in the call and when, not why the patient came.
    visit: { ...dto, summary: null, appointment: { ...dto.appointment, reason: null } },
    self: seat.self,
    participants: seat.participants,
    ...how,
    timing: {
      joinEarlyMinutes: settings.joinEarlyMinutes,
      endWarningMinutes: settings.endWarningMinutes,
      stayOrLeaveSeconds: settings.stayOrLeaveSeconds,
    },
    guestToken: await signGuestToken(deps.config, {
      invitationId: invitation.id,
      visitId: visit.visit.id,
      deviceId: input.deviceId,
    }),
  };
}

export async function leaveAsGuest(
  deps: Deps,
  input: LeaveTelehealthInvitationInput,
): Promise<VisitParticipant[]> {
  const invitation = await findTelehealthInvitationByKeyHash(deps.db, hashToken(input.key));
  // Leaving works with a revoked or expired link too: it only closes the guest's own place.
  if (!invitation) throw new AppError('invalidInvitation');
  return leaveSeat(deps, invitation.visitId, { invitationId: invitation.id }, input.deviceId);
}
