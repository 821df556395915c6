import type { RouteObject } from 'react-router-dom';
import { ResourcePage } from '../../pages/dashboard/resource-page';

/** /dashboard/vendor: vendors and their Bluetooth identifiers (admin only). */
export const vendorRoute: RouteObject = {
  path: 'vendor',
  children: [
    { index: true, element: <ResourcePage resource="vendors" screen="list" /> },
    { path: 'create', element: <ResourcePage resource="vendors" screen="create" /> },
    { path: ':vendorId', element: <ResourcePage resource="vendors" screen="view" /> },
    { path: ':vendorId/edit', element: <ResourcePage resource="vendors" screen="edit" /> },
  ],
};
