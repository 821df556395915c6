import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

const VisitRecordPage = lazyPage(() => import('./record/visit-record-page'), 'VisitRecordPage');

/** /visits/:id, a visit's record: its patient and the care team (the server checks which visit). */
export const visitRecordRoute: RouteObject = {
  path: 'visits/:id',
  element: <VisitRecordPage />,
};
