import { API_KEY_HEADER } from '@opencare/schemas/entities/api-keys';
import type { ListMeta } from '@opencare/schemas/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { resolveApiKey } from '../../api-keys/api-keys.service';
import type { Reader } from '../../api-keys/integration-reader';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import type { AnyOperation, FeatureOperations, RestBinding } from '../../operations/operation';
import { bearerToken, refreshCookieJar, requestMetaOf } from '../http-request';
import { authenticate, ok, rateLimit } from '../rest/rest-kit';

/**
 * Who watches what converted routes answer: only tests (the declared response schema is checked
 * against real answers there). Empty in production.
 */
export const answerObservers = new Set<(op: AnyOperation, binding: RestBinding<unknown, unknown>, data: unknown) => void>();

/** A person's token, or else an integration's API key (the read-only second source of spec §7). */
export async function readerOf(deps: Deps, req: FastifyRequest): Promise<Reader> {
  const key = req.headers[API_KEY_HEADER];
  if (!req.headers.authorization && typeof key === 'string' && key.length > 0) {
    return { kind: 'integration', integration: await resolveApiKey(deps, requestMetaOf(req), key.slice(0, 200)) };
  }
  return { kind: 'account', actor: await authenticate(deps, req) };
}

/**
 * The caller as the guard wants it. Over REST only the identity is resolved here: the role groups
 * (patient, clinician, admin) are enforced by the services, as they were before the declarations,
 * so a refusal is audited and ordered exactly as it was; tRPC also checks them up front (trpc.ts).
 */
async function callerOf(op: AnyOperation, deps: Deps, req: FastifyRequest): Promise<object> {
  switch (op.access.guard) {
    case 'public':
      return {};
    case 'anyone':
      // A token that is no live session (a guest's, a gateway's, an expired one) is no caller, not a refusal.
      return { actor: bearerToken(req) ? await authenticate(deps, req).catch(() => undefined) : undefined };
    case 'reader':
      return { reader: await readerOf(deps, req) };
    case 'authed':
    case 'patient':
    case 'clinician':
    case 'admin':
      return { actor: await authenticate(deps, req) };
  }
}

/** The operation's input from the request, each part validated by its schema (400 with field issues). */
function inputOf(op: AnyOperation, binding: RestBinding<unknown, unknown>, req: FastifyRequest): unknown {
  const source = binding.input;
  if (source === 'none') return undefined;
  if (typeof source === 'string') return parseInput(op.input as z.ZodType, source === 'params' ? req.params : source === 'query' ? req.query : req.body);
  const parts = source;
  return parts.map({
    params: (parts.params ? parseInput(parts.params, req.params) : undefined) as never,
    query: (parts.query ? parseInput(parts.query, req.query) : undefined) as never,
    body: (parts.bodyAsSent ? req.body : parts.body ? parseInput(parts.body, req.body) : undefined) as never,
  });
}

/** Every REST route of the declarations, but those whose transport is written by hand (`custom`). */
export function registerOperations(app: FastifyInstance, deps: Deps, sets: readonly FeatureOperations[]) {
  for (const set of sets) {
    for (const op of Object.values(set.operations) as AnyOperation[]) {
      for (const binding of op.rest) {
        if (binding.custom) continue;
        app.route({
          method: binding.method,
          url: binding.path,
          ...(binding.bodyLimit ? { bodyLimit: binding.bodyLimit } : {}),
          ...(op.rateLimit ? { preHandler: rateLimit(deps, op.rateLimit.bucket, deps.config.publicRateLimitPerMinute, 60_000) } : {}),
          handler: async (req, reply) => {
            const caller = await callerOf(op, deps, req);
            const input = inputOf(op, binding, req);
            const output = await op.handler({ deps, meta: requestMetaOf(req), cookies: refreshCookieJar(deps.config, req, reply), ...caller }, input);
            const answer = binding.answer?.(output);
            if (answer) {
              for (const observe of answerObservers) observe(op, binding, answer.data);
              return ok(reply, answer.data, answer.message ?? binding.message ?? 'OK', { status: answer.status ?? binding.status });
            }
            if (binding.list) {
              const { items, meta } = output as { items: unknown[]; meta: ListMeta };
              for (const observe of answerObservers) observe(op, binding, items);
              return ok(reply, items, binding.message ?? 'OK', { status: binding.status, meta });
            }
            for (const observe of answerObservers) observe(op, binding, output);
            return ok(reply, output, binding.message ?? 'OK', { status: binding.status });
          },
        });
      }
    }
  }
}
