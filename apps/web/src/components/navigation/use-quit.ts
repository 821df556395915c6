import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../route-paths';
import { useSession } from '../../session/use-session';

/** Quit (spec §2, menu): log out and go to the login page. */
export function useQuit(): () => Promise<void> {
  const { logout } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate(ROUTES.login, { replace: true });
  }, [logout, navigate]);
}
