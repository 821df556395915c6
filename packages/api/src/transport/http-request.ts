import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiConfig, RequestMeta } from '../deps';
import type { CookieJar } from '../operations/operation';

/** The refresh token travels only in this httpOnly, SameSite=strict cookie (design.md). */
export const REFRESH_COOKIE = 'opencare_refresh';

export function readRefreshCookie(req: FastifyRequest): string | undefined {
  return req.cookies[REFRESH_COOKIE];
}

export function setRefreshCookie(reply: FastifyReply, config: ApiConfig, token: string, expires: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: config.secureCookies, path: '/', expires });
}

export function clearRefreshCookie(reply: FastifyReply, config: ApiConfig): void {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: config.secureCookies, path: '/' });
}

/** The refresh cookie of one request and its answer, as the operations that sign in or out use it. */
export function refreshCookieJar(config: ApiConfig, req: FastifyRequest, reply: FastifyReply): CookieJar {
  return {
    refreshToken: () => readRefreshCookie(req),
    setRefresh: (token, expires) => setRefreshCookie(reply, config, token, expires),
    clearRefresh: () => clearRefreshCookie(reply, config),
  };
}

const metas = new WeakMap<FastifyRequest, RequestMeta>();

/** Who asked, from where: one object per request, so what a service notes on it the transport sees. */
export function requestMetaOf(req: FastifyRequest): RequestMeta {
  let meta = metas.get(req);
  if (!meta) {
    meta = { ip: req.ip, requestId: String(req.id), userAgent: req.headers['user-agent'] };
    metas.set(req, meta);
  }
  return meta;
}

/** Bearer token of the Authorization header. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/** The account a request acts as, when it names one (users with several accounts). */
export function requestedAccountId(req: FastifyRequest): string | undefined {
  const value = req.headers['x-account-id'];
  // Passed on as given: an id that is not one of the caller's accounts is refused, not ignored.
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 100) : undefined;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * A JSON body as text, or undefined when its bytes are not UTF-8 (RFC 8259 §8.1). Decoding them
 * leniently would store U+FFFD where the sender meant something else, without telling them.
 */
export function utf8OrUndefined(body: Buffer): string | undefined {
  try {
    return strictUtf8.decode(body);
  } catch {
    return undefined;
  }
}
