import type { RouteObject } from 'react-router-dom';
import { RequireUuidParam } from '../../components/guards/require-uuid-param';
import { ROUTES } from '../../route-paths';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const IncompleteVisitsPage = lazyPage(() => import('../appointments/incomplete-visits-page'), 'IncompleteVisitsPage');
const AnalyticsPage = lazyPage(() => import('./analytics/analytics-page'), 'AnalyticsPage');
const PatientsPage = lazyPage(() => import('./patients-page'), 'PatientsPage');
const PatientSnapshotPage = lazyPage(() => import('./snapshot/patient-snapshot-page'), 'PatientSnapshotPage');

/** /patients and the patient snapshot (physicians and nurses; placed by the app's route table). */
export const patientsRoute: RouteObject = {
  path: 'patients',
  children: [
    { index: true, element: <PatientsPage /> },
    {
      path: ':patientId',
      element: <RequireUuidParam param="patientId" fallback={ROUTES.findPatient} />,
      children: [{ index: true, element: <PatientSnapshotPage /> }],
    },
  ],
};

export const incompleteVisitsRoute: RouteObject = {
  path: 'incomplete-visits',
  element: <IncompleteVisitsPage />,
};
export const analyticsRoute: RouteObject = {
  path: 'analytics',
  element: <AnalyticsPage />,
};
