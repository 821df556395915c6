import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

const MonitoringReportPage = lazyPage(() => import('./monitoring-report-page'), 'MonitoringReportPage');

/** /monitoring-report: physicians and nurses, and admins for billing (placed by the app's route table). */
export const monitoringReportRoute: RouteObject = { path: 'monitoring-report', element: <MonitoringReportPage /> };
