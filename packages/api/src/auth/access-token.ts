import { SignJWT, errors, jwtVerify } from 'jose';
import type { ApiConfig } from '../deps';
import { AppError } from '../errors/app-error';

const ISSUER = 'opencare';

/** Short-lived access token naming its session, so a revoked session ends its tokens at once. */
export function signAccessToken(config: ApiConfig, userId: string, sessionId: string): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
    .sign(config.jwtSecret);
}

export async function verifyAccessToken(
  config: ApiConfig,
  token: string,
): Promise<{ userId: string; sessionId: string }> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new AppError('tokenInvalid');
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('tokenExpired');
    if (error instanceof AppError) throw error;
    throw new AppError('tokenInvalid');
  }
}
