import { desc, sql } from 'drizzle-orm';
import { outbox } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors/app-error';

/** The dev outbox, newest first; only where the configuration allows it (never in production). */
export async function readOutbox(deps: Deps, to?: string) {
  if (!deps.config.outboxApi) throw new AppError('notFound');
  return deps.db
    .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
    .from(outbox)
    .where(to ? sql`lower(${outbox.to}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(50);
}
