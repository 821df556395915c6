import type { RouteObject } from 'react-router-dom';
import { ResourcePage } from '../../pages/dashboard/resource-page';

/** /dashboard/device-management: the device profiles gateways run (admin only). */
export const deviceProfilesRoute: RouteObject = {
  path: 'device-management',
  children: [
    { index: true, element: <ResourcePage resource="deviceProfiles" screen="list" /> },
    { path: ':deviceProfileId', element: <ResourcePage resource="deviceProfiles" screen="view" /> },
    { path: ':deviceProfileId/edit', element: <ResourcePage resource="deviceProfiles" screen="edit" /> },
  ],
};

/** /create-profile: a new device profile (spec §2), outside the dashboard's path. */
export const createProfileRoute: RouteObject = {
  path: 'create-profile',
  element: <ResourcePage resource="deviceProfiles" screen="create" />,
};
