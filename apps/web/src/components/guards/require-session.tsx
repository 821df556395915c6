import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { InactiveAccountPage } from '../../pages/inactive-account-page';
import { ROUTES } from '../../route-paths';
import { isAccountActive } from '../../session/acting-account';
import { useSession } from '../../session/use-session';
import { FullPageLoader } from '../full-page-loader';

/**
 * Routes below need a signed-in user acting as an active account. Others go to /login and are
 * brought back after; an inactive account is told to contact support (spec §6).
 */
export function RequireSession() {
  const { state } = useSession();
  const location = useLocation();
  switch (state.status) {
    case 'restoring':
      return <FullPageLoader />;
    case 'signed-out':
      // After Quit the page left behind is not brought back: the next sign-in (perhaps someone
      // else's, on a shared computer) starts at home.
      return <Navigate to={ROUTES.login} replace state={state.quit ? null : { from: location.pathname + location.search }} />;
    case 'signed-in':
      return isAccountActive(state.account) ? <Outlet /> : <InactiveAccountPage />;
  }
}
