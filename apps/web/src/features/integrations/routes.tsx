import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const IntegrationsPage = lazyPage(() => import('./integrations-page'), 'IntegrationsPage');

/** /dashboard/integrations (admins; placed under the dashboard by the app's route table). */
export const integrationsRoute: RouteObject = { path: 'integrations', element: <IntegrationsPage /> };
