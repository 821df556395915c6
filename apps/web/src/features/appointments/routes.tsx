import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const AppointmentsPage = lazyPage(() => import('./appointments-page'), 'AppointmentsPage');

/** /appointments: any signed-in role (spec §2). */
export const appointmentsRoute: RouteObject = {
  path: 'appointments',
  element: <AppointmentsPage />,
};
