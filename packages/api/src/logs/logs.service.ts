import type { ErrorLogEntry } from '@opencare/schemas/entities/error-log';
import type { Deps } from '../deps';
import { errorLogs } from '../db/schema';

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
  return { id: row?.id ?? '' };
}
