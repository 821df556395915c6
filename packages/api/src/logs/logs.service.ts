import type { ErrorLogEntry } from '@opencare/schemas/entities/error-log';
import { lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { errorLogs } from '../db/schema';
import type { Deps } from '../deps';
import { firstOrganisationId } from '../settings/settings.repository';
import { settingsOf } from '../settings/settings.service';

/**
 * Client error reports (spec §3 error log entry). Kept in the database, where access is controlled;
 * the server log gets the key only, since a message or stack may quote what a patient typed.
 */
export async function recordClientError(deps: Deps, userId: string | null, entry: ErrorLogEntry): Promise<{ id: string }> {
  const [row] = await deps.db
    .insert(errorLogs)
    .values({ userId, key: entry.key, message: entry.message, stack: entry.stack, info: entry.info, environment: entry.environment })
    .returning({ id: errorLogs.id });
  deps.log.warn({ clientErrorKey: entry.key, errorLogId: row?.id }, 'client error reported');
  await purgeOldErrorLogs(deps.db);
  return { id: row?.id ?? '' };
}

/**
 * Reports older than the system-management retention are deleted as new ones arrive. The error log
 * belongs to the installation, so the first organisation's setting (the installation's owner) governs it.
 */
export async function purgeOldErrorLogs(db: Executor, now = new Date()): Promise<void> {
  const organisationId = await firstOrganisationId(db);
  if (!organisationId) return;
  const { errorLogRetentionDays } = await settingsOf(db, organisationId, 'systemManagement');
  await db.delete(errorLogs).where(lt(errorLogs.at, new Date(now.getTime() - errorLogRetentionDays * 86_400_000)));
}
