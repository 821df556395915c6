import type { RouteObject } from 'react-router-dom';
import { AlertsPage } from './alerts-page';

/** /alerts: the care team's inbox (physicians, nurses and assistants; placed by the app's route table). */
export const alertsRoute: RouteObject = { path: 'alerts', element: <AlertsPage /> };
