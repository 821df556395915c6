import type { RouteObject } from 'react-router-dom';
import { ApiKeysPage } from './api-keys-page';

/** /dashboard/api-keys (admins; placed under the dashboard by the app's route table). */
export const apiKeysRoute: RouteObject = { path: 'api-keys', element: <ApiKeysPage /> };
