import type { RouteObject } from 'react-router-dom';
import { AreaPage } from '../../pages/dashboard/area-page';
import type { DashboardArea } from '../../pages/dashboard/dashboard-areas';
import { ROUTES, type RouteName } from '../../route-paths';

/** A dashboard area at its named route's path, relative to /dashboard. */
const area = (route: RouteName, id: DashboardArea): RouteObject => ({
  path: ROUTES[route].slice(`${ROUTES.dashboard}/`.length),
  element: <AreaPage area={id} />,
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
];
