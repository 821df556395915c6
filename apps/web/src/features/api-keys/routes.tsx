import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const ApiKeysPage = lazyPage(() => import('./api-keys-page'), 'ApiKeysPage');

/** /dashboard/api-keys (admins; placed under the dashboard by the app's route table). */
export const apiKeysRoute: RouteObject = { path: 'api-keys', element: <ApiKeysPage /> };
