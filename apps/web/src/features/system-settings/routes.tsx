import type { SettingsArea } from '@opencare/schemas/entities/settings';
import type { RouteObject } from 'react-router-dom';
import { ROUTES, type RouteName } from '../../route-paths';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const SettingsAreaPage = lazyPage(() => import('./settings-area-page'), 'SettingsAreaPage');

/** A system area at its named route's path, relative to /dashboard. */
const area = (route: RouteName, id: SettingsArea): RouteObject => ({
  path: ROUTES[route].slice(`${ROUTES.dashboard}/`.length),
  // Keyed: going from one area to another starts a fresh page, never one with the last area's values.
  element: <SettingsAreaPage key={id} area={id} />,
});

/** The system areas of the dashboard (admin only): each a screen over persisted settings. */
export const systemSettingsRoutes: RouteObject[] = [
  area('settingsManagement', 'system'),
  area('patientManagement', 'patientManagement'),
  area('systemManagement', 'systemManagement'),
  area('organization', 'organization'),
  area('securityAndCompliance', 'security'),
  area('telemedicine', 'telemedicine'),
  area('reportingAndAnalytics', 'reportingAndAnalytics'),
  area('appointmentManagement', 'appointmentManagement'),
  area('billingAndPayments', 'billingAndPayments'),
  area('alertSettings', 'alerts'),
];
