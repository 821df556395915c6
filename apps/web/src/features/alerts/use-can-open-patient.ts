import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';

/**
 * Whether the patient snapshot opens for the acting account: physicians and nurses. Assistants see
 * the inbox too, but the snapshot route would show them the forbidden page, so no link is offered.
 */
export function useCanOpenPatient(): boolean {
  const { state } = useSession();
  return (
    state.status === 'signed-in' && hasAnyRole(roleNumbersOf(state.account), ROUTE_ROLES.physicianOrNurse)
  );
}
