import type { RouteObject } from 'react-router-dom';

/** Sign-up and invitation screens, placed under the auth layout by the app's route table. */
export const signupRoutes: RouteObject[] = [];
