import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

const MyCaregiversPage = lazyPage(() => import('./my-caregivers-page'), 'MyCaregiversPage');
const CaringPage = lazyPage(() => import('./caring-page'), 'CaringPage');
const CaregiverLinksPage = lazyPage(() => import('./caregiver-links-page'), 'CaregiverLinksPage');

/** /caregivers: a patient's caregivers (placed among the patient routes). */
export const myCaregiversRoute: RouteObject = { path: 'caregivers', element: <MyCaregiversPage /> };
/** /caring/:patientId: a caregiver acting for one person (any signed-in account; the server decides what it may see). */
export const caringRoute: RouteObject = { path: 'caring/:patientId', element: <CaringPage /> };
/** /dashboard/caregivers: an admin's caregiver links (placed under the dashboard). */
export const caregiverLinksRoute: RouteObject = { path: 'caregivers', element: <CaregiverLinksPage /> };
