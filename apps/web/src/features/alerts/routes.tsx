import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const AlertsPage = lazyPage(() => import('./alerts-page'), 'AlertsPage');

/** /alerts: the care team's inbox (physicians, nurses and assistants; placed by the app's route table). */
export const alertsRoute: RouteObject = { path: 'alerts', element: <AlertsPage /> };
