import { loginInputSchema } from '@opencare/schemas/entities/auth';
import { twoFactorLoginInputSchema } from '@opencare/schemas/entities/two-factor';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { login, refresh, type SignedIn } from '../../auth/auth.service';
import { completeEnrolmentAtLogin, completeTwoFactorLogin } from '../../auth/two-factor.service';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { clearRefreshCookie, requestMetaOf, readRefreshCookie, setRefreshCookie } from '../http-request';
import { ok, rateLimit } from './rest-kit';

/**
 * The REST routes that sign in (declared in auth/auth.operations.ts and two-factor.operations.ts,
 * `custom`): the refresh token goes in its httpOnly cookie and the access token in `x-access-token`,
 * so the answer's data is the user, as REST clients know it.
 */
export function authRoutes(app: FastifyInstance, deps: Deps) {
  const signedIn = (reply: FastifyReply, result: SignedIn) => {
    setRefreshCookie(reply, deps.config, result.refreshToken, result.refreshExpiresAt);
    void reply.header('x-access-token', result.accessToken);
  };

  app.post('/auth/login', async (req, reply) => {
    const result = await login(deps, parseInput(loginInputSchema, req.body), requestMetaOf(req));
    // Staff with two-factor sign-in: no token yet, only the challenge of the second step.
    if ('twoFactor' in result) return ok(reply, result, 'Enter the code from your authenticator app.');
    signedIn(reply, result);
    return ok(reply, result.user, 'Logged in.');
  });

  const twoFactorLimit = { preHandler: rateLimit(deps, 'twoFactor', deps.config.publicRateLimitPerMinute, 60_000) };

  app.post('/auth/login/two-factor', twoFactorLimit, async (req, reply) => {
    const result = await completeTwoFactorLogin(deps, parseInput(twoFactorLoginInputSchema, req.body), requestMetaOf(req));
    signedIn(reply, result);
    return ok(reply, result.user, 'Logged in.');
  });

  app.post('/auth/login/two-factor/enrol', twoFactorLimit, async (req, reply) => {
    const result = await completeEnrolmentAtLogin(deps, parseInput(twoFactorLoginInputSchema, req.body), requestMetaOf(req));
    signedIn(reply, result);
    return ok(reply, { user: result.user, recoveryCodes: result.recoveryCodes }, 'Two-factor sign-in is on. Keep your recovery codes safe.');
  });

  app.post('/auth/refresh', async (req, reply) => {
    try {
      const result = await refresh(deps, readRefreshCookie(req), requestMetaOf(req));
      signedIn(reply, result);
      return ok(reply, result.user, 'Session refreshed.');
    } catch (error) {
      clearRefreshCookie(reply, deps.config);
      throw error;
    }
  });
}
