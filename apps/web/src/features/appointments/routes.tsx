import type { RouteObject } from 'react-router-dom';
import { AppointmentsPage } from './appointments-page';

/** /appointments: any signed-in role (spec §2). */
export const appointmentsRoute: RouteObject = {
  path: 'appointments',
  element: <AppointmentsPage />,
};
