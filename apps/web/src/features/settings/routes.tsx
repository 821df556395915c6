import type { RouteObject } from 'react-router-dom';

/** The /settings subtree, placed under the main layout by the app's route table. */
export const settingsRoute: RouteObject = { path: 'settings', children: [] };
