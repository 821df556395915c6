import { hasAnyRole, ROUTE_ROLES, type RouteRole } from '@opencare/schemas/role-table';
import { Outlet } from 'react-router-dom';
import { ForbiddenPage } from '../../pages/forbidden-page';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';

/** The route-level groups of role-table.ts. */
export type RouteGroup = RouteRole;

/**
 * Routes below are for one group of roles (spec §2, §6), checked on the acting account's role
 * numbers. Sits under RequireSession, so the user is signed in; anyone else sees the forbidden page.
 */
export function RequireRole({ group }: { group: RouteGroup }) {
  const { state } = useSession();
  const allowed = state.status === 'signed-in' && hasAnyRole(roleNumbersOf(state.account), ROUTE_ROLES[group]);
  return allowed ? <Outlet /> : <ForbiddenPage />;
}
