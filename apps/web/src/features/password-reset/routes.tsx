import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const ForgotPasswordPage = lazyPage(() => import('./forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./reset-password-page'), 'ResetPasswordPage');

/** "Forgot password?" and the reset link's screen, under the auth layout beside the login. */
export const passwordResetRoutes: RouteObject[] = [
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
];
