import type { RouteObject } from 'react-router-dom';
import { EmptyScreenPage } from '../../pages/empty-screen-page';

/** /appointments: any signed-in role (spec §2). */
export const appointmentsRoute: RouteObject = {
  path: 'appointments',
  element: <EmptyScreenPage screen="appointments" />,
};
