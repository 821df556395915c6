import type { RouteObject } from 'react-router-dom';
import { RequireUuidParam } from '../../components/guards/require-uuid-param';
import { EmptyScreenPage } from '../../pages/empty-screen-page';
import { ROUTES } from '../../route-paths';
import { PatientProfilePage } from './patient-profile-page';
import { PatientsPage } from './patients-page';

/** /patients and the patient snapshot (physicians and nurses; placed by the app's route table). */
export const patientsRoute: RouteObject = {
  path: 'patients',
  children: [
    { index: true, element: <PatientsPage /> },
    {
      path: ':patientId',
      element: <RequireUuidParam param="patientId" fallback={ROUTES.findPatient} />,
      children: [{ index: true, element: <PatientProfilePage /> }],
    },
  ],
};

export const incompleteVisitsRoute: RouteObject = {
  path: 'incomplete-visits',
  element: <EmptyScreenPage screen="incompleteVisits" />,
};
export const analyticsRoute: RouteObject = {
  path: 'analytics',
  element: <EmptyScreenPage screen="analytics" />,
};
