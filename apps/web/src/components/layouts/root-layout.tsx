import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
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
  const notifyError = useNotifyError();
  useScrollToTop();

  useEffect(() => apiEvents.networkError.on(notifyError), [notifyError]);
  useEffect(
    () =>
      apiEvents.sessionEnded.on((ended) => {
        notifyError(ended);
        // Where the person is now, not when this listener was set: a request refused just after
        // Quit must not bring them back to the page they left once they are on /login.
        const here = window.location.pathname + window.location.search;
        void navigate(ROUTES.login, { replace: true, state: here.startsWith(ROUTES.login) ? null : { from: here } });
      }),
    [notifyError, navigate],
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
