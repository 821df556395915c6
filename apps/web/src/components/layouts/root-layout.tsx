import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { apiEvents } from '../../api/client';
import { ROUTES } from '../../route-paths';
import { ErrorScreen } from '../app-error/error-screen';
import { useAppError } from '../app-error/use-app-error';
import { useNotifyError } from '../notifications/use-notify';
import { PageOutlet } from './lazy-page';
import { useScrollToTop } from './scroll-to-top';

/**
 * Above every layout: scroll reset, the global reports of the API client (network failures; a
 * session that could not be re-authenticated goes to the login page), and the error screen that
 * replaces the layout while an application error is active (spec §2, §8).
 */
export function RootLayout() {
  const { error, clearError } = useAppError();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const notifyError = useNotifyError();
  useScrollToTop();

  useEffect(() => apiEvents.networkError.on(notifyError), [notifyError]);
  useEffect(
    () =>
      apiEvents.sessionEnded.on((ended) => {
        notifyError(ended);
        void navigate(ROUTES.login, { replace: true, state: { from: pathname } });
      }),
    [notifyError, navigate, pathname],
  );

  if (error) {
    return (
      <ErrorScreen
        error={error}
        onRetry={clearError}
        onHome={() => {
          clearError();
          void navigate(ROUTES.home);
        }}
      />
    );
  }
  // The frames below may still be on their way (the signed-in one loads after sign-in).
  return <PageOutlet />;
}
