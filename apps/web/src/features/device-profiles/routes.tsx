import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const DeviceProfileViewPage = lazyPage(() => import('./device-profile-view-page'), 'DeviceProfileViewPage');
const DeviceProfilesPage = lazyPage(() => import('./device-profiles-page'), 'DeviceProfilesPage');
const ProfileCreatePage = lazyPage(() => import('./profile-builder-pages'), 'ProfileCreatePage');
const ProfileEditPage = lazyPage(() => import('./profile-builder-pages'), 'ProfileEditPage');

/** /dashboard/device-management: the device profiles gateways run (admin only). */
export const deviceProfilesRoute: RouteObject = {
  path: 'device-management',
  children: [
    { index: true, element: <DeviceProfilesPage /> },
    { path: ':deviceProfileId', element: <DeviceProfileViewPage /> },
    { path: ':deviceProfileId/edit', element: <ProfileEditPage /> },
  ],
};

/** /create-profile: a new device profile (spec §2), outside the dashboard's path. */
export const createProfileRoute: RouteObject = {
  path: 'create-profile',
  element: <ProfileCreatePage />,
};
