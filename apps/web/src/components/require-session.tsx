import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../session/use-session';
import { FullPageLoader } from './full-page-loader';

/** Routes below need a signed-in user; others are sent to /login and brought back after. */
export function RequireSession() {
  const { state } = useSession();
  const location = useLocation();
  switch (state.status) {
    case 'restoring':
      return <FullPageLoader />;
    case 'signed-out':
      return <Navigate to="/login" replace state={{ from: location.pathname }} />;
    case 'signed-in':
      return <Outlet />;
  }
}
