import { useEffect, useMemo } from 'react';
import { useNavigate, useRouteError } from 'react-router-dom';
import { reportClientError } from '../../api/error-reporter';
import { ROUTES } from '../../route-paths';
import { toAppError } from '../app-error/app-error-value';
import { ErrorScreen } from '../app-error/error-screen';

/** A screen that crashed while rendering: reported once, then the error screen instead of a blank page. */
export function RouteErrorScreen() {
  const thrown = useRouteError();
  const navigate = useNavigate();
  const error = useMemo(() => toAppError(thrown), [thrown]);

  useEffect(() => {
    void reportClientError({ error: thrown, info: 'route render' });
  }, [thrown]);

  return <ErrorScreen error={error} onHome={() => void navigate(ROUTES.home)} />;
}
