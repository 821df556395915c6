import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Loads on its first visit (issue 16).
const SmartAuthorizePage = lazyPage(() => import('./smart-authorize-page'), 'SmartAuthorizePage');

/** /authorize: a SMART app's consent step (signed-in people; placed in the bare frame by the app's route table). */
export const smartAuthorizeRoute: RouteObject = { path: 'authorize', element: <SmartAuthorizePage /> };
