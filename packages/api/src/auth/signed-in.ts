import type { CookieJar } from '../operations/operation';
import type { SignedIn } from './auth.service';

/**
 * What a sign-in answers over tRPC: the access token in the body, the refresh token only in its
 * httpOnly cookie. (REST answers the access token in `x-access-token`: auth.routes.ts.)
 */
export function signedIn(cookies: CookieJar, result: SignedIn) {
  cookies.setRefresh(result.refreshToken, result.refreshExpiresAt);
  return { user: result.user, accessToken: result.accessToken };
}
