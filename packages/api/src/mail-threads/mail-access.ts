import type { Permission } from '@opencare/schemas/roles';
import { authorize, hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { AccountRecord } from '../accounts/accounts.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';

/**
 * Who takes part in secure mail (docs/mail.md):
 * - a patient, in the threads about themself;
 * - the physicians and nurses of the patient's organisation (spec §2: /mail is physician-or-nurse).
 *   Their mailbox lists their conversations (care team, primary provider, threads they wrote in);
 *   any of them may open or answer a thread of a patient of the organisation, and so joins it.
 * - a caregiver the patient lets message the care team (issue 19), in the threads they started
 *   about that patient.
 * Assistants and admins have no mail: they are not the patient's clinicians for correspondence.
 */
export function isMailClinician(actor: Actor): boolean {
  return hasRouteRole(actor, 'physicianOrNurse');
}

export function isMailPatient(actor: Actor): boolean {
  return !isMailClinician(actor) && hasRouteRole(actor, 'patient');
}

/** A caregiver account: its mail is about the people it cares for, each named. */
export function isMailCaregiver(actor: Actor): boolean {
  return actor.accountType === 'car';
}

/** Refuse, and audit the refusal, for anyone who has no mail at all. */
export async function requireMailUser(deps: Deps, actor: Actor, meta: RequestMeta, action: string): Promise<void> {
  if (isMailClinician(actor) || isMailPatient(actor)) return;
  await authorize(deps, actor, meta, { action, resourceType: 'mail', resourceId: actor.accountId, allowed: false });
}

/**
 * The patient whose conversation this is, once the caller may take part in it: their own as a
 * patient, any patient of the organisation as a physician or nurse. patientFor checks the record
 * (same organisation, or the patient themself) and audits the decision either way.
 */
export async function mailPatientFor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientAccountId: string,
  action: string,
  permission: Permission = 'Read',
): Promise<AccountRecord> {
  if (!isMailCaregiver(actor)) await requireMailUser(deps, actor, meta, action);
  // A patient reaches only their own threads (patientFor's record rule); another organisation's
  // patient, or their thread, is not found (404), so ids cannot be probed. A caregiver, the
  // patients who let them message their care team.
  return patientFor(deps, actor, meta, patientAccountId, action, 'read', permission, 'messages');
}

/** The patient a new thread or upload is about: named by a clinician, implied for a patient. */
export function patientIdOf(actor: Actor, named: string | undefined): string {
  if (named) return named;
  if (isMailPatient(actor)) return actor.accountId;
  throw new AppError('validationFailed', { fields: [{ field: 'patientAccountId', message: 'This field is required.' }] });
}
