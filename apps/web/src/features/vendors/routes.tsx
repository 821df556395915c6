import type { RouteObject } from 'react-router-dom';
import { VendorCreatePage, VendorEditPage } from './vendor-form-pages';
import { VendorViewPage } from './vendor-view-page';
import { VendorsPage } from './vendors-page';

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
