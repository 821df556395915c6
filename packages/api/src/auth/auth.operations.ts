import {
  changePasswordInputSchema,
  loginInputSchema,
  passwordResetConfirmInputSchema,
  passwordResetRequestInputSchema,
  resendVerificationInputSchema,
  sessionSummarySchema,
  signupInputSchema,
  signupResponseSchema,
  signupVerifyResponseSchema,
  tokenInputSchema,
} from '@opencare/schemas/entities/auth';
import { twoFactorChallengeSchema } from '@opencare/schemas/entities/two-factor';
import { emailCheckInputSchema, emailCheckResponseSchema, userSchema } from '@opencare/schemas/entities/user';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { checkEmail } from '../users/users.service';
import { changePassword, endSession, listSessions, login, logout, logoutEverywhere, refresh } from './auth.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';
import { signedIn } from './signed-in';
import { completeSignup, resendVerification, signup, verifySignup } from './signup.service';
import { twoFactorOperations } from './two-factor.operations';

const signupLimit = { bucket: 'signup' };
const resetLimit = { bucket: 'password-reset' };

/**
 * Signing in and out, sessions, sign-up and password reset; the two-factor steps come from
 * two-factor.operations.ts. Login and refresh are written by hand over REST (`custom`: the refresh
 * cookie and `x-access-token`, auth.routes.ts); over tRPC the access token comes back in the body.
 */
export const authOperations = operations('auth', {
  login: operation({
    type: 'mutation',
    summary: 'Sign in with a username or e-mail and a password (staff with two-factor: the challenge of the second step).',
    access: { guard: 'public', policy: 'public' },
    input: loginInputSchema,
    output: z.union([userSchema, twoFactorChallengeSchema]),
    rest: [{ method: 'POST', path: '/auth/login', input: 'body', message: 'Logged in.', custom: true }],
    handler: async ({ deps, meta, cookies }, input) => {
      const result = await login(deps, input, meta);
      // Staff with two-factor sign-in: no token yet, only the challenge of the second step.
      return 'twoFactor' in result ? result : signedIn(cookies, result);
    },
  }),
  ...twoFactorOperations,
  refresh: operation({
    type: 'mutation',
    summary: 'A new access token for the refresh cookie (which is rotated).',
    access: { guard: 'public', policy: 'nobody', note: 'public, but only with the refresh cookie, which the matrix does not send: 401 for everyone' },
    input: undefined,
    output: userSchema,
    rest: [{ method: 'POST', path: '/auth/refresh', input: 'none', message: 'Session refreshed.', custom: true }],
    handler: async ({ deps, meta, cookies }) => {
      try {
        return signedIn(cookies, await refresh(deps, cookies.refreshToken(), meta));
      } catch (error) {
        cookies.clearRefresh();
        throw error;
      }
    },
  }),
  logout: operation({
    type: 'mutation',
    summary: 'Sign out this session.',
    access: { guard: 'authed', policy: 'anyUser', session: true },
    input: undefined,
    output: z.null(),
    rest: [{ method: 'POST', path: '/auth/logout', input: 'none', message: 'Logged out.' }],
    handler: async ({ deps, actor, meta, cookies }) => {
      await logout(deps, actor, meta);
      cookies.clearRefresh();
      return null;
    },
  }),
  logoutEverywhere: operation({
    type: 'mutation',
    summary: "Sign out every one of the caller's sessions.",
    access: { guard: 'authed', policy: 'anyUser', session: true },
    input: undefined,
    output: z.object({ ended: z.number() }),
    rest: [{ method: 'POST', path: '/auth/logout-everywhere', input: 'none', message: 'Signed out everywhere.' }],
    handler: async ({ deps, actor, meta, cookies }) => {
      const ended = await logoutEverywhere(deps, actor, meta);
      cookies.clearRefresh();
      return { ended };
    },
  }),
  sessions: operation({
    type: 'query',
    summary: "The caller's live sessions.",
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: z.array(sessionSummarySchema),
    rest: [{ method: 'GET', path: '/auth/sessions', input: 'none' }],
    handler: ({ deps, actor }) => listSessions(deps, actor),
  }),
  endSession: operation({
    type: 'mutation',
    summary: "Sign out one of the caller's sessions.",
    access: { guard: 'authed', policy: 'self', kind: 'session', session: true },
    input: byIdSchema,
    output: z.null(),
    rest: [{ method: 'DELETE', path: '/auth/sessions/:id', input: 'params', message: 'Signed out.' }],
    handler: async ({ deps, actor, meta }, input) => {
      await endSession(deps, actor, meta, input.id);
      return null;
    },
  }),
  changePassword: operation({
    type: 'mutation',
    summary: "Change the caller's password (other sessions are signed out).",
    access: { guard: 'authed', policy: 'anyUser', session: true },
    input: changePasswordInputSchema,
    output: z.null(),
    rest: [{ method: 'POST', path: '/auth/change-password', input: 'body', message: 'Password changed. Other sessions were signed out.' }],
    handler: async ({ deps, actor, meta }, input) => {
      await changePassword(deps, actor, meta, input);
      return null;
    },
  }),
  signup: operation({
    type: 'mutation',
    summary: 'Sign up as a patient: a verification e-mail is sent.',
    access: { guard: 'public', policy: 'public' },
    rateLimit: signupLimit,
    input: signupInputSchema,
    output: signupResponseSchema,
    rest: [{ method: 'POST', path: '/auth/signup', input: 'body', status: 201, message: 'Check your e-mail to verify it.' }],
    handler: ({ deps, meta }, input) => signup(deps, input, meta),
  }),
  verifySignup: operation({
    type: 'mutation',
    summary: "Verify a sign-up's e-mail address with the e-mailed token.",
    access: { guard: 'public', policy: 'public' },
    rateLimit: signupLimit,
    input: tokenInputSchema,
    output: signupVerifyResponseSchema,
    rest: [{ method: 'POST', path: '/auth/signup/verify', input: 'body', message: 'E-mail verified.' }],
    handler: ({ deps }, input) => verifySignup(deps, input.token),
  }),
  resendVerification: operation({
    type: 'mutation',
    summary: "Send a sign-up's verification e-mail again.",
    access: { guard: 'public', policy: 'public' },
    rateLimit: signupLimit,
    input: resendVerificationInputSchema,
    output: signupResponseSchema,
    rest: [{ method: 'POST', path: '/auth/signup/resend-verification', input: 'body', message: 'Verification e-mail sent.' }],
    handler: ({ deps }, input) => resendVerification(deps, input.email),
  }),
  completeSignup: operation({
    type: 'mutation',
    summary: 'Complete a verified sign-up: the patient account is made.',
    access: { guard: 'public', policy: 'public' },
    rateLimit: signupLimit,
    input: tokenInputSchema,
    output: userSchema,
    rest: [{ method: 'POST', path: '/auth/signup/complete', input: 'body', status: 201, message: 'Sign-up complete. You can log in now.' }],
    handler: ({ deps, meta }, input) => completeSignup(deps, input.token, meta),
  }),
  // POST over REST keeps the address out of URLs and access logs. A token, when sent, must be a live
  // session for the full answer (an admin's), or the invitation's token must be in the body.
  emailCheck: operation({
    type: 'query',
    summary: 'Is this e-mail address free? The full answer only for an admin or an invitation holder.',
    access: { guard: 'anyone', policy: 'public', note: 'the full answer only for an admin or an invitation holder; others "not told"' },
    rateLimit: signupLimit,
    input: emailCheckInputSchema,
    output: emailCheckResponseSchema,
    rest: [{ method: 'POST', path: '/auth/email-check', input: 'body' }],
    handler: ({ deps, actor }, input) => checkEmail(deps, input.email, { actor, invitationToken: input.invitationToken }),
  }),
  requestPasswordReset: operation({
    type: 'mutation',
    summary: "E-mail a link to reset an account's password (the answer never tells whether one matched).",
    access: { guard: 'public', policy: 'public' },
    rateLimit: resetLimit,
    input: passwordResetRequestInputSchema,
    output: z.null(),
    rest: [
      {
        method: 'POST',
        path: '/auth/password-reset/request',
        input: 'body',
        status: 202,
        message: 'If an account matches, a link to reset its password is on its way to its e-mail.',
      },
    ],
    handler: async ({ deps, meta }, input) => {
      await requestPasswordReset(deps, input.login, meta);
      return null;
    },
  }),
  confirmPasswordReset: operation({
    type: 'mutation',
    summary: 'Set a new password with the e-mailed token (every session is signed out).',
    access: { guard: 'public', policy: 'public' },
    rateLimit: resetLimit,
    input: passwordResetConfirmInputSchema,
    output: z.null(),
    rest: [
      { method: 'POST', path: '/auth/password-reset/confirm', input: 'body', message: 'Password changed. You can log in with it now; every other session was signed out.' },
    ],
    handler: async ({ deps, meta }, input) => {
      await confirmPasswordReset(deps, input, meta);
      return null;
    },
  }),
});
