import { ROUTE_ROLES, hasAnyRole } from '@opencare/schemas/role-table';
import { roleNumbersOf } from '../../../session/acting-account';
import { useSession } from '../../../session/use-session';

/** The care profile is set by physicians and nurses (the server decides; this only hides the button). */
export function useCanEditCare(): boolean {
  const { state } = useSession();
  return (
    state.status === 'signed-in' && hasAnyRole(roleNumbersOf(state.account), ROUTE_ROLES.physicianOrNurse)
  );
}
