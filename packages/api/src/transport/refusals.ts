import type { Actor } from '../access/actor';
import { auditRefusal } from '../audit/audit.service';
import { resolveActor } from '../auth/auth.service';
import type { Deps, RequestMeta } from '../deps';
import { loggableError } from './http-errors';

/**
 * The audit entry of a 403 a transport answers (REST, tRPC, sockets), unless the service already
 * logged this refusal. The caller's identity is resolved again only on this rare path; a refusal
 * that cannot be logged is still a refusal (the failure is logged, the 403 stands).
 */
export async function logRefusal(
  deps: Deps,
  who: { actor: Actor | null } | { token: string | undefined; accountId: string | undefined },
  meta: RequestMeta,
  action: string,
): Promise<void> {
  if (meta.denialAudited) return;
  try {
    const actor = 'actor' in who ? who.actor : await resolveActor(deps, who.token, who.accountId).catch(() => null);
    await auditRefusal(deps.db, actor, meta, action);
  } catch (error) {
    deps.log.error({ err: loggableError(error), action }, 'a refused request could not be audited');
  }
}
