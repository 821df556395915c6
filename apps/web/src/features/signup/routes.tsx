import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const InvitationCompletePage = lazyPage(() => import('../invitations/invitation-complete-page'), 'InvitationCompletePage');
const InvitationVerifyPage = lazyPage(() => import('../invitations/invitation-verify-page'), 'InvitationVerifyPage');
const SignupCompletePage = lazyPage(() => import('./signup-complete-page'), 'SignupCompletePage');
const SignupPage = lazyPage(() => import('./signup-page'), 'SignupPage');
const SignupVerifyPage = lazyPage(() => import('./signup-verify-page'), 'SignupVerifyPage');

/** Sign-up and invitation screens, placed under the auth layout by the app's route table. */
export const signupRoutes: RouteObject[] = [
  { path: 'signup', element: <SignupPage /> },
  { path: 'signup/verify', element: <SignupVerifyPage /> },
  { path: 'signup/complete', element: <SignupCompletePage /> },
  { path: 'invitations/verify', element: <InvitationVerifyPage /> },
  { path: 'invitations/complete', element: <InvitationCompletePage /> },
];
