import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Deps } from '../../deps';
import { bearerToken, refreshCookieJar, requestMetaOf, requestedAccountId } from '../http-request';
import type { TrpcContext } from './trpc';

/** tRPC context from a Fastify request: the same identity inputs and cookie as REST. */
export function fastifyTrpcContext(deps: Deps) {
  return ({ req, res }: CreateFastifyContextOptions): TrpcContext => ({
    deps,
    meta: requestMetaOf(req),
    token: bearerToken(req),
    accountId: requestedAccountId(req),
    cookies: refreshCookieJar(deps.config, req, res),
  });
}
