import {
  changePasswordInputSchema,
  loginInputSchema,
  passwordResetConfirmInputSchema,
  passwordResetRequestInputSchema,
  resendVerificationInputSchema,
  signupInputSchema,
  tokenInputSchema,
} from '@opencare/schemas/entities/auth';
import {
  twoFactorChallengeInputSchema,
  twoFactorConfirmInputSchema,
  twoFactorDisableInputSchema,
  twoFactorLoginInputSchema,
} from '@opencare/schemas/entities/two-factor';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { emailCheckInputSchema } from '@opencare/schemas/entities/user';
import type { FastifyInstance } from 'fastify';
import { changePassword, endSession, listSessions, login, logout, logoutEverywhere, refresh, type SignedIn } from '../../auth/auth.service';
import { confirmPasswordReset, requestPasswordReset } from '../../auth/password-reset.service';
import {
  beginEnrolmentAtLogin,
  beginTwoFactorSetup,
  completeEnrolmentAtLogin,
  completeTwoFactorLogin,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from '../../auth/two-factor.service';
import { completeSignup, resendVerification, signup, verifySignup } from '../../auth/signup.service';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { checkEmail } from '../../users/users.service';
import { bearerToken, clearRefreshCookie, readRefreshCookie, requestMetaOf, setRefreshCookie } from '../http-request';
import { authenticate, ok, rateLimit } from './rest-kit';

const MINUTE = 60_000;

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const signupLimit = { preHandler: rateLimit(deps, 'signup', deps.config.publicRateLimitPerMinute, MINUTE) };

  const signedIn = (reply: Parameters<typeof setRefreshCookie>[0], result: SignedIn, message: string) => {
    setRefreshCookie(reply, deps.config, result.refreshToken, result.refreshExpiresAt);
    void reply.header('x-access-token', result.accessToken);
    return ok(reply, result.user, message);
  };

  app.post('/auth/login', async (req, reply) => {
    const result = await login(deps, parseInput(loginInputSchema, req.body), requestMetaOf(req));
    // Staff with two-factor sign-in: no token yet, only the challenge of the second step.
    if ('twoFactor' in result) return ok(reply, result, 'Enter the code from your authenticator app.');
    return signedIn(reply, result, 'Logged in.');
  });

  const twoFactorLimit = { preHandler: rateLimit(deps, 'twoFactor', deps.config.publicRateLimitPerMinute, MINUTE) };

  app.post('/auth/login/two-factor', twoFactorLimit, async (req, reply) => {
    const result = await completeTwoFactorLogin(deps, parseInput(twoFactorLoginInputSchema, req.body), requestMetaOf(req));
    return signedIn(reply, result, 'Logged in.');
  });

  app.post('/auth/login/two-factor/setup', twoFactorLimit, async (req, reply) => {
    const { challengeToken } = parseInput(twoFactorChallengeInputSchema, req.body);
    return ok(reply, await beginEnrolmentAtLogin(deps, challengeToken, requestMetaOf(req)), 'Scan the code with your authenticator app.');
  });

  app.post('/auth/login/two-factor/enrol', twoFactorLimit, async (req, reply) => {
    const result = await completeEnrolmentAtLogin(deps, parseInput(twoFactorLoginInputSchema, req.body), requestMetaOf(req));
    setRefreshCookie(reply, deps.config, result.refreshToken, result.refreshExpiresAt);
    void reply.header('x-access-token', result.accessToken);
    return ok(reply, { user: result.user, recoveryCodes: result.recoveryCodes }, 'Two-factor sign-in is on. Keep your recovery codes safe.');
  });

  app.get('/auth/two-factor', async (req, reply) => ok(reply, await twoFactorStatus(deps, await authenticate(deps, req))));

  app.post('/auth/two-factor/setup', async (req, reply) => {
    const actor = await authenticate(deps, req);
    return ok(reply, await beginTwoFactorSetup(deps, actor, requestMetaOf(req)), 'Scan the code with your authenticator app.');
  });

  app.post('/auth/two-factor/confirm', async (req, reply) => {
    const actor = await authenticate(deps, req);
    const { code } = parseInput(twoFactorConfirmInputSchema, req.body);
    return ok(reply, await confirmTwoFactorSetup(deps, actor, requestMetaOf(req), code), 'Two-factor sign-in is on. Keep your recovery codes safe.');
  });

  app.post('/auth/two-factor/disable', async (req, reply) => {
    const actor = await authenticate(deps, req);
    const input = parseInput(twoFactorDisableInputSchema, req.body);
    return ok(reply, await disableTwoFactor(deps, actor, requestMetaOf(req), input), 'Two-factor sign-in is off.');
  });

  app.post('/auth/two-factor/recovery-codes', async (req, reply) => {
    const actor = await authenticate(deps, req);
    const { code } = parseInput(twoFactorConfirmInputSchema, req.body);
    return ok(reply, await regenerateRecoveryCodes(deps, actor, requestMetaOf(req), code), 'New recovery codes. The old ones no longer work.');
  });

  app.post('/auth/refresh', async (req, reply) => {
    try {
      return signedIn(reply, await refresh(deps, readRefreshCookie(req), requestMetaOf(req)), 'Session refreshed.');
    } catch (error) {
      clearRefreshCookie(reply, deps.config);
      throw error;
    }
  });

  app.post('/auth/logout', async (req, reply) => {
    await logout(deps, await authenticate(deps, req), requestMetaOf(req));
    clearRefreshCookie(reply, deps.config);
    return ok(reply, null, 'Logged out.');
  });

  app.post('/auth/logout-everywhere', async (req, reply) => {
    const ended = await logoutEverywhere(deps, await authenticate(deps, req), requestMetaOf(req));
    clearRefreshCookie(reply, deps.config);
    return ok(reply, { ended }, 'Signed out everywhere.');
  });

  app.get('/auth/sessions', async (req, reply) => ok(reply, await listSessions(deps, await authenticate(deps, req))));

  app.delete('/auth/sessions/:id', async (req, reply) => {
    const { id } = parseInput(z.strictObject({ id: uuidSchema }), req.params);
    await endSession(deps, await authenticate(deps, req), requestMetaOf(req), id);
    return ok(reply, null, 'Signed out.');
  });

  app.post('/auth/change-password', async (req, reply) => {
    const actor = await authenticate(deps, req);
    await changePassword(deps, actor, requestMetaOf(req), parseInput(changePasswordInputSchema, req.body));
    return ok(reply, null, 'Password changed. Other sessions were signed out.');
  });

  app.post('/auth/signup', signupLimit, async (req, reply) => {
    const result = await signup(deps, parseInput(signupInputSchema, req.body), requestMetaOf(req));
    return ok(reply, result, 'Check your e-mail to verify it.', { status: 201 });
  });

  app.post('/auth/signup/verify', signupLimit, async (req, reply) => {
    const { token } = parseInput(tokenInputSchema, req.body);
    return ok(reply, await verifySignup(deps, token), 'E-mail verified.');
  });

  app.post('/auth/signup/resend-verification', signupLimit, async (req, reply) => {
    const { email } = parseInput(resendVerificationInputSchema, req.body);
    return ok(reply, await resendVerification(deps, email), 'Verification e-mail sent.');
  });

  app.post('/auth/signup/complete', signupLimit, async (req, reply) => {
    const { token } = parseInput(tokenInputSchema, req.body);
    return ok(reply, await completeSignup(deps, token, requestMetaOf(req)), 'Sign-up complete. You can log in now.', { status: 201 });
  });

  // POST keeps the address out of URLs and access logs. A token, when sent, must be valid: the
  // full answer is for an admin (or an invitation's holder, by its token in the body).
  app.post('/auth/email-check', signupLimit, async (req, reply) => {
    const { email, invitationToken } = parseInput(emailCheckInputSchema, req.body);
    // A public check: a bearer that is no live session of an admin (a guest's or gateway's token, an
    // expired one) gets the stranger's answer, not a refusal.
    const actor = bearerToken(req) ? await authenticate(deps, req).catch(() => undefined) : undefined;
    return ok(reply, await checkEmail(deps, email, { actor, invitationToken }));
  });

  const resetLimit = { preHandler: rateLimit(deps, 'password-reset', deps.config.publicRateLimitPerMinute, MINUTE) };

  app.post('/auth/password-reset/request', resetLimit, async (req, reply) => {
    const { login: name } = parseInput(passwordResetRequestInputSchema, req.body);
    await requestPasswordReset(deps, name, requestMetaOf(req));
    return ok(reply, null, 'If an account matches, a link to reset its password is on its way to its e-mail.', { status: 202 });
  });

  app.post('/auth/password-reset/confirm', resetLimit, async (req, reply) => {
    await confirmPasswordReset(deps, parseInput(passwordResetConfirmInputSchema, req.body), requestMetaOf(req));
    return ok(reply, null, 'Password changed. You can log in with it now; every other session was signed out.');
  });
}
