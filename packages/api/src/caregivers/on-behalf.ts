import type { Actor } from '../access/actor';
import type { Executor } from '../db/database';
import { findNames } from '../patients/patients.repository';

/**
 * What a timeline event says of who acted when a caregiver acted for the patient (issue 19): the
 * caregiver's name. Nothing when the patient or a clinician acted.
 */
export async function caregiverOf(db: Executor, actor: Actor, patientAccountId: string): Promise<{ caregiverName?: string }> {
  if (actor.accountType !== 'car' || actor.accountId === patientAccountId) return {};
  const names = await findNames(db, [actor.accountId]);
  return { caregiverName: names.get(actor.accountId) ?? '' };
}
