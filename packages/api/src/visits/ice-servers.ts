import { createHmac } from 'node:crypto';
import type { IceServer } from '@opencare/schemas/entities/visits';

/**
 * The ICE servers handed to one browser. A TURN server configured without a username and
 * credential, on an edge with a TURN secret (coturn's `use-auth-secret`, the "TURN REST API"), gets
 * credentials of its own that expire: `username` is `<expiry unix seconds>:<who>`, `credential` the
 * base64 HMAC-SHA1 of the username under the secret. A leaked pair then opens the relay for
 * `ttlSeconds` only, instead of for as long as the configuration lives. Servers configured with
 * credentials, and STUN servers, are passed on as they are.
 */
export function iceServersFor(
  servers: readonly IceServer[],
  turnSecret: string | undefined,
  who: string,
  ttlSeconds: number,
  now = Date.now(),
): IceServer[] {
  return servers.map((server) => {
    const turn = [server.urls].flat().some((url) => /^turns?:/i.test(url));
    if (!turn || !turnSecret || server.username || server.credential) return server;
    const username = `${Math.floor(now / 1000) + ttlSeconds}:${who}`;
    const credential = createHmac('sha1', turnSecret).update(username).digest('base64');
    return { ...server, username, credential };
  });
}
