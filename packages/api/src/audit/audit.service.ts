import type { Executor } from '../db/database';
import type { RequestMeta } from '../deps';
import type { Actor } from '../access/actor';
import { insertAudit } from './audit.repository';

export interface AuditEvent {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  outcome: 'allowed' | 'denied';
}

/** Append who did what to which record, when and from where. Ids only: no patient data. */
export function audit(db: Executor, actor: Actor | null, meta: RequestMeta, event: AuditEvent): Promise<void> {
  return insertAudit(db, {
    actorUserId: actor?.userId ?? null,
    actorAccountId: actor?.accountId ?? null,
    action: event.action,
    resourceType: event.resourceType,
    resourceId: event.resourceId ?? null,
    outcome: event.outcome,
    ip: meta.ip,
    requestId: meta.requestId,
  });
}
