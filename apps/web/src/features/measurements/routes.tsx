import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const MeasurementsPage = lazyPage(() => import('./measurements-page'), 'MeasurementsPage');

/** /measurements: the patient's readings (patient only; placed by the app's route table). */
export const measurementsRoute: RouteObject = { path: 'measurements', element: <MeasurementsPage /> };
