import { hasPermission, type Permission } from '@opencare/schemas/role-table';
import { roleNumbersOf } from './acting-account';
import { useSession } from './use-session';

/**
 * Whether the acting account's role holds `permission` in the permission table (spec §6,
 * docs/access-control.md): the screens offer only what the server will allow, so an assistant (who
 * only reads) is not shown booking, rescheduling, cancelling or acknowledging.
 */
export function useMayDo(permission: Permission): boolean {
  const { state } = useSession();
  return state.status === 'signed-in' && hasPermission(roleNumbersOf(state.account), permission);
}
