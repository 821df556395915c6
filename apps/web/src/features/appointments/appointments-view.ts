import type { Account } from '@opencare/schemas/entities/account';
import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import { roleNumbersOf } from '../../session/acting-account';

/**
 * Which appointments screen an account gets: a patient's own appointments; the clinic's for its
 * clinicians (physicians, nurses, assistants); none for admins and caregivers, who have no clinical
 * access (the server refuses them too).
 */
export type AppointmentsView = 'patient' | 'clinician' | 'none';

export function appointmentsViewOf(account: Account): AppointmentsView {
  const roles = roleNumbersOf(account);
  if (hasAnyRole(roles, ROUTE_ROLES.patient)) return 'patient';
  if (hasAnyRole(roles, ROUTE_ROLES.clinician)) return 'clinician';
  return 'none';
}

/** Physicians and nurses have appointments of their own; assistants book for others. */
export function hasOwnAppointments(account: Account): boolean {
  return hasAnyRole(roleNumbersOf(account), ROUTE_ROLES.physicianOrNurse);
}
