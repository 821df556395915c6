import type { CaregiverScope } from '@opencare/schemas/entities/caregivers';
import { ROLES, type Permission } from '@opencare/schemas/roles';
import { authorize, hasRouteRole, isSuper, mayDo } from '../access/access';
import { audit } from '../audit/audit.service';
import type { Actor } from '../access/actor';
import { findAccount, type AccountRecord } from '../accounts/accounts.repository';
import { grantedScopes } from '../caregivers/caregivers.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';

/**
 * Access to a patient's care record (measurements, tasks, schedules, appointments, mail, timeline):
 * the patient themself, and the clinicians (physicians, nurses, assistants) of the patient's
 * organisation. Admins run the organisation but do not read clinical records.
 */
export type PatientAccess = 'read' | 'care' | 'self';

function isPatient(record: AccountRecord): boolean {
  return record.account.accountType === 'pat' || record.roles.includes(ROLES.Patient);
}

/** Who may read a patient's record, who may change its care plan (thresholds, schedules), and the patient's own choices. */
export function mayAccessPatient(actor: Actor, patient: AccountRecord, access: PatientAccess): boolean {
  // The patient's own choices (their reminders): no one else's to make.
  if (access === 'self') return patient.account.id === actor.accountId;
  const sameOrganisation = isSuper(actor) || actor.organisationId === patient.account.organisationId;
  if (access === 'read') {
    if (patient.account.id === actor.accountId) return true;
    return sameOrganisation && hasRouteRole(actor, 'clinician');
  }
  // The care plan is set by the patient's physicians and nurses.
  return sameOrganisation && hasRouteRole(actor, 'physicianOrNurse');
}

/**
 * The patient account named by a request, after checking and auditing the caller's access: the
 * record rule (`access`) and the permission table (`permission`, ROLE_PERMISSIONS of spec §6) must
 * both allow it. An account that is not a patient's, or a patient of another organisation, is not
 * found, whoever asks, so ids cannot be probed (docs/access-control.md); the refusal is audited.
 *
 * `caregiverScope`: this use is also open to a caregiver the patient granted that scope (issue 19,
 * part 4). The caregiver acts under their own account; the audit row names the patient they acted
 * for. Without it no caregiver link opens anything: each use that admits caregivers says so.
 */
export async function patientFor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientAccountId: string,
  action: string,
  access: PatientAccess = 'read',
  permission: Permission = 'Read',
  caregiverScope?: CaregiverScope,
): Promise<AccountRecord> {
  const [patient, scopes] = await Promise.all([
    findAccount(deps.db, patientAccountId),
    caregiverScope && actor.accountType === 'car' ? grantedScopes(deps.db, actor.accountId, patientAccountId) : null,
  ]);
  if (scopes) {
    const allowed = scopes.includes(caregiverScope!);
    await authorize(deps, actor, meta, { action, resourceType: 'patient', resourceId: patientAccountId, allowed, onBehalfOf: patientAccountId });
    if (patient) return patient;
  }
  const foreign = patient !== undefined && !isSuper(actor) && patient.account.organisationId !== actor.organisationId && patient.account.id !== actor.accountId;
  if (!patient || !isPatient(patient) || foreign) {
    // Audited as refused, but answered 404 (authorize would throw its 403 first).
    await audit(deps.db, actor, meta, {
      action,
      resourceType: 'patient',
      resourceId: patientAccountId,
      outcome: 'denied',
    });
    throw new AppError('notFound');
  }
  await authorize(deps, actor, meta, {
    action,
    resourceType: 'patient',
    resourceId: patientAccountId,
    allowed: mayAccessPatient(actor, patient, access) && mayDo(actor, permission),
  });
  return patient;
}
