import type { Envelope, ListMeta } from '@opencare/schemas/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../access/actor';
import { resolveActor } from '../../auth/auth.service';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { bearerToken, requestedAccountId } from '../http-request';

/** Send the design.md envelope. */
export function ok<T>(reply: FastifyReply, data: T, message = 'OK', extra: { status?: number; meta?: ListMeta } = {}) {
  const body: Envelope<T> = { success: true, message, data };
  if (extra.meta) body.meta = extra.meta;
  return reply.status(extra.status ?? 200).send(body);
}

export function authenticate(deps: Deps, req: FastifyRequest): Promise<Actor> {
  return resolveActor(deps, bearerToken(req), requestedAccountId(req));
}

/** Per-address fixed-window limit with the IETF RateLimit headers on every answer. */
export function rateLimit(deps: Deps, name: string, max: number, windowMs: number) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { count, resetMs } = await deps.limiter.hit(`${name}:${req.ip}`, windowMs);
    const reset = Math.ceil(resetMs / 1000);
    void reply.header('RateLimit-Limit', max).header('RateLimit-Remaining', Math.max(0, max - count)).header('RateLimit-Reset', reset);
    if (count > max) {
      void reply.header('Retry-After', reset);
      throw new AppError('rateLimited');
    }
  };
}
