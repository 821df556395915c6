import type { RouteObject } from 'react-router-dom';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

/** "Forgot password?" and the reset link's screen, under the auth layout beside the login. */
export const passwordResetRoutes: RouteObject[] = [
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
];
