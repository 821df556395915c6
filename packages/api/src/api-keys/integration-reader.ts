import type { CaregiverScope } from '@opencare/schemas/entities/caregivers';
import { ROLES, type Permission } from '@opencare/schemas/roles';
import type { Actor } from '../access/actor';
import { findAccount, type AccountRecord } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';

/**
 * An integration reading for its organisation: an API key (`x-api-key`, spec §7's second source), or
 * a SMART backend client with a token and the scopes it was granted (FHIR only). Read only.
 */
export interface IntegrationIdentity {
  type: 'apiKey' | 'smartClient';
  id: string;
  organisationId: string;
  /** A SMART client's granted scopes; an API key has none (it reads what its routes allow). */
  scopes?: string[];
}

/**
 * A SMART app's token (SMART App Launch): it acts for the person who consented (`actor`), within the
 * scopes granted, and, with a patient context, for that patient's record only.
 */
export interface SmartUserGrant {
  actor: Actor;
  clientId: string;
  scopes: string[];
  /** The patient context (`patient/…` scopes): every patient read must name this one. */
  patientId: string | null;
}

/**
 * Who reads a patient's daily tasks, measurements or FHIR resources: a signed-in person (directly,
 * or through a SMART app they allowed, `smart`), or an integration of the patient's organisation.
 */
export type Reader = { kind: 'account'; actor: Actor; smart?: Omit<SmartUserGrant, 'actor'> } | { kind: 'integration'; integration: IntegrationIdentity };

const isPatient = (record: AccountRecord) => record.account.accountType === 'pat' || record.roles.includes(ROLES.Patient);

/**
 * The patient a read names, after checking and auditing access. People go through the one patient
 * access rule; a key reads the patients of its own organisation only. The audit entry of a key's
 * read names the key as the resource alongside the patient's entry.
 */
export async function readablePatient(
  deps: Deps,
  reader: Reader,
  meta: RequestMeta,
  patientAccountId: string,
  action: string,
  permission: Permission = 'Read',
  caregiverScope?: CaregiverScope,
): Promise<AccountRecord> {
  // A person also needs the permission (Export for FHIR); an integration is the organisation's own export, made by its admin.
  // An app with a patient context reads that patient's compartment only, whatever else its user may see (a caregiver's other patients).
  if (reader.kind === 'account' && reader.smart?.patientId && reader.smart.patientId !== patientAccountId) {
    await audit(deps.db, reader.actor, meta, { action, resourceType: 'patient', resourceId: patientAccountId, outcome: 'denied' });
    throw new AppError('smartScopeMissing');
  }
  if (reader.kind === 'account') return patientFor(deps, reader.actor, meta, patientAccountId, action, 'read', permission, caregiverScope);
  const patient = await findAccount(deps.db, patientAccountId);
  const found = patient !== undefined && isPatient(patient);
  const allowed = found && patient.account.organisationId === reader.integration.organisationId;
  const outcome = allowed ? 'allowed' : 'denied';
  await audit(deps.db, null, meta, { action, resourceType: reader.integration.type, resourceId: reader.integration.id, outcome });
  await audit(deps.db, null, meta, { action, resourceType: 'patient', resourceId: patientAccountId, outcome });
  if (!found) throw new AppError('notFound');
  if (!allowed) throw new AppError('err_forbidden');
  return patient;
}

/** The patient a read is about: the one named, or else a signed-in patient themself. */
export function namedPatient(reader: Reader, named: string | undefined): string | undefined {
  return named ?? (reader.kind === 'account' && reader.actor.accountType === 'pat' ? reader.actor.accountId : undefined);
}
