import { INVITATION_RESEND_INTERVAL_MS } from '@opencare/schemas/constants';
import type { CompleteInvitationInput, Invitation, InvitationListQuery, InvitationPreview } from '@opencare/schemas/entities/care';
import type { User } from '@opencare/schemas/entities/user';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { ROLES, roleNameOf, type RoleName } from '@opencare/schemas/roles';
import { assertRoleFitsAccountType, authorize, isSuper, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { insertAccount } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import { hashPassword, hashToken, newOpaqueToken } from '../auth/secrets';
import { assertMailOn } from '../mail/mailer';
import { findOrganisationName } from '../settings/settings.repository';
import { assertPasswordPolicy } from '../settings/settings.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { loadUserDto } from '../users/user.dto';
import { findUserByEmail, findUserById, insertUser, usernameInUse, usernameOrEmailTaken } from '../users/users.repository';
import {
  acceptInvitation,
  deleteInvitation as deleteInvitationRow,
  findInvitation,
  findInvitationByToken,
  insertInvitation,
  listInvitations as listInvitationRows,
  updateInvitation as updateInvitationRow,
  type InvitationRow,
  type InvitationState,
} from './invitations.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

function stateOf(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now = new Date()): InvitationState {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

function toInvitationDto(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: roleNameOf(row.role),
    accountType: row.accountType,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: stateOf(row),
  };
}

/** The organisation's name is an admin's text: it goes into the e-mail's HTML escaped. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

async function sendInvitation(
  deps: Deps,
  organisationId: string,
  email: string,
  token: string,
  role: RoleName,
  expiresAt: Date,
  organisationName: string,
): Promise<void> {
  const link = `${deps.config.publicUrl}/invitations/verify?token=${encodeURIComponent(token)}`;
  const until = expiresAt.toISOString().slice(0, 10);
  await deps.mailer.send({
    organisationId,
    to: email,
    subject: `${organisationName} invites you to OpenCare`,
    text: `${organisationName} invites you to join OpenCare as ${role.toLowerCase()}. Open this link to accept the invitation and set up your account:\n\n${link}\n\nThe invitation works until ${until}.`,
    html: `<p>${escapeHtml(organisationName)} invites you to join OpenCare as ${role.toLowerCase()}.</p><p><a href="${link}">Accept the invitation</a></p><p>The invitation works until ${until}.</p>`,
  });
}

/** An invitation of the admin's organisation (Super: any), audited. */
async function invitationFor(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string): Promise<InvitationRow> {
  requireRouteRole(actor, 'admin');
  const row = await findInvitation(deps.db, id);
  if (!row) throw new AppError('notFound');
  await authorize(deps, actor, meta, {
    action,
    resourceType: 'invitation',
    resourceId: id,
    allowed: isSuper(actor) || row.organisationId === actor.organisationId,
  });
  return row;
}

export async function listInvitations(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: InvitationListQuery,
): Promise<{ items: Invitation[]; meta: ListMeta }> {
  requireRouteRole(actor, 'admin');
  const organisationId = isSuper(actor) ? null : actor.organisationId;
  const { rows, total } = await listInvitationRows(deps.db, organisationId, query.status, query.page, query.pageSize, new Date());
  await authorize(deps, actor, meta, { action: 'invitations.list', resourceType: 'organisation', resourceId: organisationId, allowed: true });
  return { items: rows.map(toInvitationDto), meta: listMeta(total, query.page, query.pageSize) };
}

export async function createInvitation(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: { email: string; role: Exclude<RoleName, 'Super'>; accountType: Invitation['accountType']; expiresInDays: number },
): Promise<Invitation> {
  requireRouteRole(actor, 'admin');
  assertRoleFitsAccountType(input.accountType, input.role);
  assertMailOn(deps);
  if (await findUserByEmail(deps.db, input.email)) throw new AppError('usernameOrEmailTaken');
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + input.expiresInDays * DAY_MS);
  const id = await insertInvitation(deps.db, {
    organisationId: actor.organisationId,
    email: input.email,
    role: ROLES[input.role],
    accountType: input.accountType,
    tokenHash: hashToken(token),
    createdBy: actor.userId,
    expiresAt,
  });
  const organisationName = (await findOrganisationName(deps.db, actor.organisationId)) ?? '';
  await sendInvitation(deps, actor.organisationId, input.email, token, input.role, expiresAt, organisationName);
  await authorize(deps, actor, meta, { action: 'invitations.create', resourceType: 'invitation', resourceId: id, allowed: true });
  const row = await findInvitation(deps.db, id);
  if (!row) throw new AppError('notFound');
  return toInvitationDto(row);
}

export async function getInvitation(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Invitation> {
  return toInvitationDto(await invitationFor(deps, actor, meta, id, 'invitations.read'));
}

/** Only a pending invitation can change; a new expiry counts from now. */
export async function updateInvitation(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: { role?: Exclude<RoleName, 'Super'>; accountType?: Invitation['accountType']; expiresInDays?: number },
): Promise<Invitation> {
  const row = await invitationFor(deps, actor, meta, id, 'invitations.update');
  if (stateOf(row) !== 'pending') throw new AppError('invalidInvitation');
  // The invitation as it would be after the change must still pair a role with a type that allows it.
  assertRoleFitsAccountType(input.accountType ?? row.accountType, input.role ?? roleNameOf(row.role));
  await updateInvitationRow(deps.db, id, {
    ...(input.role ? { role: ROLES[input.role] } : {}),
    ...(input.accountType ? { accountType: input.accountType } : {}),
    ...(input.expiresInDays ? { expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS) } : {}),
  });
  return getInvitation(deps, actor, meta, id);
}

/** A fresh link, at most once every 5 minutes (spec §5); the old link stops working. */
export async function resendInvitation(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Invitation> {
  const row = await invitationFor(deps, actor, meta, id, 'invitations.resend');
  const state = stateOf(row);
  if (state === 'accepted' || state === 'revoked') throw new AppError('invalidInvitation');
  assertMailOn(deps);
  if (Date.now() - row.lastSentAt.getTime() < INVITATION_RESEND_INTERVAL_MS) throw new AppError('resendTooSoon');
  const token = newOpaqueToken();
  // An expired invitation that is resent gets its original length of validity again.
  const expiresAt = state === 'expired' ? new Date(Date.now() + (row.expiresAt.getTime() - row.createdAt.getTime())) : row.expiresAt;
  await updateInvitationRow(deps.db, id, { tokenHash: hashToken(token), lastSentAt: new Date(), expiresAt });
  const organisationName = (await findOrganisationName(deps.db, row.organisationId)) ?? '';
  await sendInvitation(deps, row.organisationId, row.email, token, roleNameOf(row.role), expiresAt, organisationName);
  return getInvitation(deps, actor, meta, id);
}

export async function revokeInvitation(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Invitation> {
  const row = await invitationFor(deps, actor, meta, id, 'invitations.revoke');
  if (row.status === 'accepted') throw new AppError('invalidInvitation');
  await updateInvitationRow(deps.db, id, { status: 'revoked' });
  return getInvitation(deps, actor, meta, id);
}

/** Accepted invitations stay as the record of who joined how; the others can be deleted. */
export async function deleteInvitation(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<void> {
  const row = await invitationFor(deps, actor, meta, id, 'invitations.delete');
  if (row.status === 'accepted') throw new AppError('invalidInvitation');
  await deleteInvitationRow(deps.db, id);
}

async function usableInvitation(deps: Deps, token: string) {
  const row = await findInvitationByToken(deps.db, hashToken(token));
  if (!row || stateOf(row) !== 'pending') throw new AppError('invalidInvitation');
  return row;
}

/** The invited address of a pending invitation's token, or undefined: what the token's holder may ask about. */
export async function pendingInvitationEmail(deps: Deps, token: string): Promise<string | undefined> {
  const row = await findInvitationByToken(deps.db, hashToken(token));
  return row && stateOf(row) === 'pending' ? row.email : undefined;
}

export async function verifyInvitation(deps: Deps, token: string): Promise<InvitationPreview> {
  const row = await usableInvitation(deps, token);
  return {
    email: row.email,
    role: roleNameOf(row.role),
    accountType: row.accountType,
    organisationName: row.organisationName,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Accepting creates an active, verified user with the invited role, in one transaction. */
export async function completeInvitation(deps: Deps, input: CompleteInvitationInput, meta: RequestMeta): Promise<User> {
  const row = await usableInvitation(deps, input.token);
  // An invitation written before the role table existed may pair them wrongly: it makes no account.
  assertRoleFitsAccountType(row.accountType, roleNameOf(row.role));
  if (await usernameInUse(deps.db, input.username, new Date())) throw new AppError('usernameNotAvailable');
  await assertPasswordPolicy(deps.db, row.organisationId, input.password);
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    if (await usernameOrEmailTaken(tx, input.username, row.email)) throw new AppError('usernameOrEmailTaken');
    const id = await insertUser(tx, { username: input.username, email: row.email, phone: input.phone, passwordHash, isVerified: true });
    await insertAccount(
      tx,
      { userId: id, organisationId: row.organisationId, accountType: row.accountType, isDefault: true },
      {
        firstName: input.firstName,
        middleName: input.middleName ?? null,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        preferredLanguage: input.preferredLanguage ?? 'en-US',
        email: row.email,
        phone: input.phone ?? null,
      },
      [row.role],
    );
    if (!(await acceptInvitation(tx, row.id, id))) throw new AppError('invalidInvitation');
    return id;
  });
  await audit(deps.db, null, meta, { action: 'invitations.accept', resourceType: 'invitation', resourceId: row.id, outcome: 'allowed' });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('userCreationFailed');
  return loadUserDto(deps.db, user);
}
