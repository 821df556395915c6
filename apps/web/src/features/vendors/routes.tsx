import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const VendorCreatePage = lazyPage(() => import('./vendor-form-pages'), 'VendorCreatePage');
const VendorEditPage = lazyPage(() => import('./vendor-form-pages'), 'VendorEditPage');
const VendorViewPage = lazyPage(() => import('./vendor-view-page'), 'VendorViewPage');
const VendorsPage = lazyPage(() => import('./vendors-page'), 'VendorsPage');

/** /dashboard/vendor: vendors and their Bluetooth identifiers (admin only). */
export const vendorRoute: RouteObject = {
  path: 'vendor',
  children: [
    { index: true, element: <VendorsPage /> },
    { path: 'create', element: <VendorCreatePage /> },
    { path: ':vendorId', element: <VendorViewPage /> },
    { path: ':vendorId/edit', element: <VendorEditPage /> },
  ],
};
