import { SignJWT, errors, jwtVerify } from 'jose';
import type { ApiConfig } from '../deps';
import { AppError } from '../errors/app-error';

/**
 * A guest's socket token: what a guest, who has no account or session, shows the socket handshake
 * to enter the one visit they joined, from the one device they joined with. It carries an audience
 * of its own, so it is never taken for an access token (which has none and needs a session id), nor
 * an access token for it. Short-lived: the guest screen joins again (with its key) to get another.
 */

const ISSUER = 'opencare';
const AUDIENCE = 'visit-guest';
export const GUEST_TOKEN_TTL_SECONDS = 15 * 60;

export interface GuestClaims {
  invitationId: string;
  visitId: string;
  deviceId: string;
}

export function signGuestToken(config: Pick<ApiConfig, 'jwtSecret'>, claims: GuestClaims): Promise<string> {
  return new SignJWT({ vid: claims.visitId, did: claims.deviceId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.invitationId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${GUEST_TOKEN_TTL_SECONDS}s`)
    .sign(config.jwtSecret);
}

export async function verifyGuestToken(
  config: Pick<ApiConfig, 'jwtSecret'>,
  token: string,
): Promise<GuestClaims> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const { sub, vid, did } = payload;
    if (typeof sub !== 'string' || typeof vid !== 'string' || typeof did !== 'string') {
      throw new AppError('tokenInvalid');
    }
    return { invitationId: sub, visitId: vid, deviceId: did };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('tokenExpired');
    if (error instanceof AppError) throw error;
    throw new AppError('tokenInvalid');
  }
}
