import type { RouteObject } from 'react-router-dom';
import { RequireUuidParam } from '../../components/guards/require-uuid-param';
import { IncompleteVisitsPage } from '../appointments/incomplete-visits-page';
import { ROUTES } from '../../route-paths';
import { AnalyticsPage } from './analytics/analytics-page';
import { PatientsPage } from './patients-page';
import { PatientSnapshotPage } from './snapshot/patient-snapshot-page';

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
