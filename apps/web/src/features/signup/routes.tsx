import type { RouteObject } from 'react-router-dom';
import { InvitationCompletePage } from '../invitations/invitation-complete-page';
import { InvitationVerifyPage } from '../invitations/invitation-verify-page';
import { SignupCompletePage } from './signup-complete-page';
import { SignupPage } from './signup-page';
import { SignupVerifyPage } from './signup-verify-page';

/** Sign-up and invitation screens, placed under the auth layout by the app's route table. */
export const signupRoutes: RouteObject[] = [
  { path: 'signup', element: <SignupPage /> },
  { path: 'signup/verify', element: <SignupVerifyPage /> },
  { path: 'signup/complete', element: <SignupCompletePage /> },
  { path: 'invitations/verify', element: <InvitationVerifyPage /> },
  { path: 'invitations/complete', element: <InvitationCompletePage /> },
];
