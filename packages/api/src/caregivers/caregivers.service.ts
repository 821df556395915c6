import {
  CAREGIVER_RULES,
  type caregiverScopesInputSchema,
  type inviteCaregiverInputSchema,
  type linkCaregiverInputSchema,
  type CaregiverLink,
  type CaregiverScope,
  type Caregiving,
} from '@opencare/schemas/entities/caregivers';
import type { z } from 'zod';
import { authorize, hasRouteRole, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { findAccount, findAccountsOfUser } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { findNames } from '../patients/patients.repository';
import { findUserByEmail, findUserById } from '../users/users.repository';
import {
  findLink,
  insertLink,
  linksOfCaregiver,
  linksOfPatient,
  openLinksOfOrganisation,
  updateLink,
  type CaregiverLinkRow,
} from './caregivers.repository';

const fieldError = (field: string, message: string) => new AppError('validationFailed', { fields: [{ field, message }] });
const isOpen = (row: CaregiverLinkRow) => row.status === 'invited' || row.status === 'active';

/** The patient's caregivers, open ones first. */
export async function myCaregivers(deps: Deps, actor: Actor, meta: RequestMeta): Promise<CaregiverLink[]> {
  requireRouteRole(actor, 'patient');
  await patientFor(deps, actor, meta, actor.accountId, 'caregivers.list', 'self');
  return toDtos(deps, await linksOfPatient(deps.db, actor.accountId));
}

/**
 * The patient invites someone by e-mail, choosing what they may do. The invitation waits until a
 * caregiver account with that address accepts it (signed in, or after signing up as a caregiver).
 */
export async function inviteCaregiver(deps: Deps, actor: Actor, meta: RequestMeta, input: z.output<typeof inviteCaregiverInputSchema>): Promise<CaregiverLink> {
  requireRouteRole(actor, 'patient');
  const patient = await patientFor(deps, actor, meta, actor.accountId, 'caregivers.invite', 'self', 'Write');
  const own = await findUserById(deps.db, actor.userId);
  if (own?.email.toLowerCase() === input.email) throw fieldError('email', CAREGIVER_RULES.self);
  const row = await insertLink(deps.db, {
    organisationId: patient.account.organisationId,
    patientAccountId: actor.accountId,
    email: input.email,
    scopes: input.scopes,
    status: 'invited',
    consentMethod: 'patientInvited',
    consentAt: new Date(),
    consentRecordedByAccountId: actor.accountId,
  });
  if (!row) throw new AppError('caregiverAlreadyLinked');
  const [dto] = await toDtos(deps, [row]);
  // Only the patient's name and where to answer: nothing of their record.
  const link = `${deps.config.publicUrl}/`;
  await deps.mailer.send({
    organisationId: row.organisationId,
    to: input.email,
    subject: `${dto!.patient.name} invites you to be their caregiver on OpenCare`,
    text: `${dto!.patient.name} invites you to be their caregiver on OpenCare. Sign in with this e-mail address, or create a caregiver account with it, to accept or decline:\n\n${link}`,
  });
  return dto!;
}

/** The patient changes what a caregiver may do. */
export async function changeCaregiverScopes(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  { id, scopes }: z.output<typeof caregiverScopesInputSchema>,
): Promise<CaregiverLink> {
  const row = await linkFor(deps, actor, meta, id, 'caregivers.scopes', (r) => r.patientAccountId === actor.accountId);
  return changed(deps, await updateLink(deps.db, openOnly(row), { scopes }));
}

/** The patient, or an admin of their organisation, ends a caregiver's access (or withdraws the invitation) at once. */
export async function revokeCaregiver(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<CaregiverLink> {
  const row = await linkFor(
    deps,
    actor,
    meta,
    id,
    'caregivers.revoke',
    (r) => r.patientAccountId === actor.accountId || (hasRouteRole(actor, 'admin') && r.organisationId === actor.organisationId),
  );
  return changed(deps, await updateLink(deps.db, openOnly(row), { status: 'revoked', endedAt: new Date(), endedByAccountId: actor.accountId }));
}

/** The organisation's open caregiver links and invitations (admins). */
export async function organisationCaregivers(deps: Deps, actor: Actor, meta: RequestMeta): Promise<CaregiverLink[]> {
  requireRouteRole(actor, 'admin');
  await authorize(deps, actor, meta, { action: 'caregivers.organisation', resourceType: 'organisation', resourceId: actor.organisationId, allowed: true });
  return toDtos(deps, await openLinksOfOrganisation(deps.db, actor.organisationId));
}

/**
 * An admin links an existing caregiver account of the organisation to one of its patients, once
 * the patient has consented in writing or aloud (recorded with its witness and time): active at once.
 */
export async function linkCaregiver(deps: Deps, actor: Actor, meta: RequestMeta, input: z.output<typeof linkCaregiverInputSchema>): Promise<CaregiverLink> {
  requireRouteRole(actor, 'admin');
  const patient = await findAccount(deps.db, input.patientId);
  const ofOrganisation = patient !== undefined && patient.account.organisationId === actor.organisationId && patient.account.accountType === 'pat';
  if (!ofOrganisation) {
    await audit(deps.db, actor, meta, { action: 'caregivers.link', resourceType: 'patient', resourceId: input.patientId, outcome: 'denied' });
    throw fieldError('patientId', 'Choose a patient of this organisation.');
  }
  const user = await findUserByEmail(deps.db, input.email);
  const caregiver = user ? (await findAccountsOfUser(deps.db, user.id)).find((a) => a.account.accountType === 'car' && a.account.organisationId === actor.organisationId) : undefined;
  if (!caregiver) throw fieldError('email', CAREGIVER_RULES.noCaregiverAccount);
  await authorize(deps, actor, meta, { action: 'caregivers.link', resourceType: 'patient', resourceId: input.patientId, allowed: true });
  const now = new Date();
  const row = await insertLink(deps.db, {
    organisationId: actor.organisationId,
    patientAccountId: input.patientId,
    caregiverAccountId: caregiver.account.id,
    email: input.email,
    scopes: input.scopes,
    status: 'active',
    consentMethod: input.consent.method,
    consentAt: new Date(input.consent.at),
    consentRecordedByAccountId: actor.accountId,
    consentWitness: input.consent.witness,
    acceptedAt: now,
  });
  if (!row) throw new AppError('caregiverAlreadyLinked');
  return (await toDtos(deps, [row]))[0]!;
}

/** The caregiver's side: the people they care for, and the invitations sent to their address. */
export async function caregiving(deps: Deps, actor: Actor, meta: RequestMeta): Promise<Caregiving> {
  await authorize(deps, actor, meta, { action: 'caregiving.read', resourceType: 'account', resourceId: actor.accountId, allowed: true });
  if (actor.accountType !== 'car') return { people: [], invitations: [] };
  const user = await findUserById(deps.db, actor.userId);
  const rows = user ? await linksOfCaregiver(deps.db, actor.accountId, user.email) : [];
  const links = await toDtos(deps, rows);
  return {
    people: links
      .filter((l) => l.status === 'active')
      .map((l) => ({ linkId: l.id, accountId: l.patient.accountId, name: l.patient.name, scopes: l.scopes })),
    invitations: links.filter((l) => l.status === 'invited'),
  };
}

/** The caregiver accepts an invitation sent to their address: they may act for the patient from now. */
export async function acceptCaregiving(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<CaregiverLink> {
  const row = await caregiversLink(deps, actor, meta, id, 'caregiving.accept');
  if (row.status !== 'invited') throw new AppError('caregiverLinkNotOpen');
  return changed(deps, await updateLink(deps.db, row, { status: 'active', caregiverAccountId: actor.accountId, acceptedAt: new Date() }));
}

/** The caregiver declines an invitation, or stops caring for the person. */
export async function endCaregiving(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<CaregiverLink> {
  const row = openOnly(await caregiversLink(deps, actor, meta, id, 'caregiving.end'));
  const status = row.status === 'invited' ? 'declined' : 'revoked';
  return changed(deps, await updateLink(deps.db, row, { status, endedAt: new Date(), endedByAccountId: actor.accountId }));
}

/** A link of the calling caregiver account: one they accepted, or an invitation sent to their address. */
async function caregiversLink(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string): Promise<CaregiverLinkRow> {
  const user = actor.accountType === 'car' ? await findUserById(deps.db, actor.userId) : undefined;
  const email = user?.email.toLowerCase();
  return linkFor(deps, actor, meta, id, action, (r) => (r.caregiverAccountId !== null ? r.caregiverAccountId === actor.accountId : r.email === email));
}

/** Someone else's link, or one the caller may not touch, is not found (audited): ids cannot be probed. */
async function linkFor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  action: string,
  mayTouch: (row: CaregiverLinkRow) => boolean,
): Promise<CaregiverLinkRow> {
  const row = await findLink(deps.db, id);
  const allowed = row !== undefined && mayTouch(row);
  await audit(deps.db, actor, meta, { action, resourceType: 'caregiverLink', resourceId: id, outcome: allowed ? 'allowed' : 'denied', onBehalfOf: row?.patientAccountId });
  if (!allowed) throw new AppError('notFound');
  return row;
}

function openOnly(row: CaregiverLinkRow): CaregiverLinkRow {
  if (!isOpen(row)) throw new AppError('caregiverLinkNotOpen');
  return row;
}

/** The link as updated; answered by another change meanwhile, it is no longer open. */
async function changed(deps: Deps, row: CaregiverLinkRow | undefined): Promise<CaregiverLink> {
  if (!row) throw new AppError('caregiverLinkNotOpen');
  return (await toDtos(deps, [row]))[0]!;
}

async function toDtos(deps: Deps, rows: CaregiverLinkRow[]): Promise<CaregiverLink[]> {
  const names = await findNames(
    deps.db,
    rows.flatMap((r) => [r.patientAccountId, r.caregiverAccountId, r.consentRecordedByAccountId, r.endedByAccountId].filter((id): id is string => id !== null)),
  );
  const name = (id: string) => names.get(id) ?? '';
  return rows.map((r) => ({
    id: r.id,
    patient: { accountId: r.patientAccountId, name: name(r.patientAccountId) },
    caregiver: r.caregiverAccountId ? { accountId: r.caregiverAccountId, name: name(r.caregiverAccountId) } : null,
    email: r.email,
    scopes: r.scopes as CaregiverScope[],
    status: r.status,
    consent: { method: r.consentMethod, at: r.consentAt.toISOString(), recordedByName: name(r.consentRecordedByAccountId), witness: r.consentWitness },
    createdAt: r.createdAt.toISOString(),
    acceptedAt: r.acceptedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    endedByName: r.endedByAccountId ? name(r.endedByAccountId) : null,
  }));
}
