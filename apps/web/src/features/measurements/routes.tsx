import type { RouteObject } from 'react-router-dom';
import { MeasurementsPage } from './measurements-page';

/** /measurements: the patient's readings (patient only; placed by the app's route table). */
export const measurementsRoute: RouteObject = { path: 'measurements', element: <MeasurementsPage /> };
