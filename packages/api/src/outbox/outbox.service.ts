import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { authorize, hasRouteRole, isSuper } from '../access/access';
import type { Actor } from '../access/actor';
import { outbox } from '../db/schema';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';

/**
 * Who may read the dev outbox (it holds invitation tokens, sign-up verification tokens and guest
 * visit keys, so it is as secret as they are):
 * - off: there is no outbox (mail goes to SMTP, or is disabled); the route answers 404.
 * - admins: the default wherever mail is kept in the outbox; an admin of an organisation reads the
 *   mail sent for that organisation (its invitations, its guests, its patients, the sign-ups to
 *   it), a Super admin all of it; anyone else is refused and the refusal is audited.
 * - open: anyone, without a token; only on an edge started with DEV_OUTBOX=true (which production
 *   refuses), for the e2e suite and a developer's own machine.
 */
export type OutboxAccess = 'off' | 'admins' | 'open';

/** The dev outbox, newest first, as far as the caller may read it. */
export async function readOutbox(deps: Deps, actor: Actor | null, meta: RequestMeta, to?: string) {
  const access = deps.config.outbox;
  if (access === 'off') throw new AppError('notFound');
  const filters: (SQL | undefined)[] = [to ? sql`lower(${outbox.to}) = ${to.toLowerCase()}` : undefined];
  if (access === 'admins') {
    if (!actor) throw new AppError('tokenRequired');
    await authorize(deps, actor, meta, {
      action: 'outbox.read',
      resourceType: 'organisation',
      resourceId: actor.organisationId,
      allowed: hasRouteRole(actor, 'admin'),
    });
    if (!isSuper(actor)) filters.push(eq(outbox.organisationId, actor.organisationId));
  }
  return deps.db
    .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(...filters))
    .orderBy(desc(outbox.createdAt))
    .limit(50);
}
