import type { SystemStatus } from '@opencare/schemas/entities/settings';
import { count, min } from 'drizzle-orm';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { errorLogs } from '../db/schema';
import type { Deps, RequestMeta } from '../deps';

/** What this server runs on and how much the error log holds, for the system-management area. */
export async function systemStatus(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  now = new Date(),
): Promise<SystemStatus> {
  requireRouteRole(actor, 'admin');
  await authorize(deps, actor, meta, {
    action: 'system.status',
    resourceType: 'system',
    resourceId: null,
    allowed: true,
  });
  const [log] = await deps.db.select({ n: count(), oldest: min(errorLogs.at) }).from(errorLogs);
  const { runtime, livekit } = deps.config;
  return {
    version: runtime.version,
    database: runtime.database,
    redis: runtime.redis,
    smtp: runtime.smtp,
    livekit: livekit !== null,
    uptimeSeconds: Math.floor((now.getTime() - runtime.startedAt.getTime()) / 1000),
    errorLogEntries: log?.n ?? 0,
    oldestErrorLogAt: log?.oldest ? log.oldest.toISOString() : null,
  };
}
