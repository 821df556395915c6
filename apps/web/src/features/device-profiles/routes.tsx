import type { RouteObject } from 'react-router-dom';
import { DeviceProfileViewPage } from './device-profile-view-page';
import { DeviceProfilesPage } from './device-profiles-page';
import { ProfileCreatePage, ProfileEditPage } from './profile-builder-pages';

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
