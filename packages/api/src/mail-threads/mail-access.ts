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
 * Assistants, admins and caregivers have no mail: assistants and admins are not the patient's
 * clinicians for correspondence, and no rule yet ties a caregiver to a patient.
 */
export function isMailClinician(actor: Actor): boolean {
  return hasRouteRole(actor, 'physicianOrNurse');
}

export function isMailPatient(actor: Actor): boolean {
  return !isMailClinician(actor) && hasRouteRole(actor, 'patient');
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
  await requireMailUser(deps, actor, meta, action);
  // A patient reaches only their own threads (patientFor's record rule); another organisation's
  // patient, or their thread, is not found (404), so ids cannot be probed.
  return patientFor(deps, actor, meta, patientAccountId, action, 'read', permission);
}

/** The patient a new thread or upload is about: named by a clinician, implied for a patient. */
export function patientIdOf(actor: Actor, named: string | undefined): string {
  if (named) return named;
  if (isMailPatient(actor)) return actor.accountId;
  throw new AppError('validationFailed', { fields: [{ field: 'patientAccountId', message: 'This field is required.' }] });
}
