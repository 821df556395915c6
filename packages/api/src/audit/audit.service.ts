import type { Executor } from '../db/database';
import type { RequestMeta } from '../deps';
import type { Actor } from '../access/actor';
import { insertAudit, insertAudits, type AuditEntry } from './audit.repository';

export interface AuditEvent {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  outcome: 'allowed' | 'denied';
  /** The home gateway that acted, when one did (its uploads). */
  actorGatewayId?: string;
  /** The patient a caregiver acted for (the actor is the caregiver). */
  onBehalfOf?: string;
}

/** Append who did what to which record, when and from where. Ids only: no patient data. */
export function audit(db: Executor, actor: Actor | null, meta: RequestMeta, event: AuditEvent): Promise<void> {
  if (event.outcome === 'denied') meta.denialAudited = true;
  return insertAudit(db, auditRow(actor, meta, event));
}

function auditRow(actor: Pick<Actor, 'userId' | 'accountId'> | null, meta: RequestMeta, event: AuditEvent): AuditEntry {
  return {
    actorUserId: actor?.userId ?? null,
    actorAccountId: actor?.accountId ?? null,
    actorGatewayId: event.actorGatewayId ?? null,
    onBehalfOfAccountId: event.onBehalfOf ?? null,
    action: event.action,
    resourceType: event.resourceType,
    resourceId: event.resourceId ?? null,
    outcome: event.outcome,
    ip: meta.ip,
    requestId: meta.requestId,
  };
}

/**
 * A refusal (403) as the transport answers it: logged unless the service that refused already
 * logged this request's refusal with its own action and record, so every refused access is in the
 * log once, including those a role check refuses before any service runs (issue 8, audit).
 */
export async function auditRefusal(db: Executor, actor: Actor | null, meta: RequestMeta, action: string): Promise<void> {
  if (meta.denialAudited) return;
  await audit(db, actor, meta, { action, resourceType: 'route', resourceId: null, outcome: 'denied' });
}

/**
 * A list that shows several patients' data (the organisation's alerts, appointments, visits with
 * their notes, patients, mail threads) names which patients it showed: one entry per patient on
 * the page, action `<list>.item`, resource the patient. "Who saw this patient's data" is then one
 * query by resource id, as for a read of one record; the list call keeps its own entry for its
 * scope. Ids only, no patient data (docs/access-control.md, "Audit of lists").
 */
export function auditPatientsListed(
  db: Executor,
  /** Null for an integration (no person behind it). */
  actor: Pick<Actor, 'userId' | 'accountId'> | null,
  meta: RequestMeta,
  action: string,
  patientAccountIds: readonly string[],
): Promise<void> {
  return insertAudits(db, listedRows(actor, meta, action, patientAccountIds));
}

function listedRows(actor: Pick<Actor, 'userId' | 'accountId'> | null, meta: RequestMeta, action: string, patientAccountIds: readonly string[]) {
  return [...new Set(patientAccountIds)].map((id) =>
    auditRow(actor, meta, { action: `${action}.item`, resourceType: 'patient', resourceId: id, outcome: 'allowed' }),
  );
}

/**
 * An allowed list's own entry and its patients' entries (auditPatientsListed) in one insert: one
 * statement and one commit for the read's whole audit (issue 20), written before the answer leaves.
 */
export function auditListAndPatients(
  db: Executor,
  actor: Actor,
  meta: RequestMeta,
  event: { action: string; resourceType: string; resourceId: string | null },
  patientAccountIds: readonly string[],
): Promise<void> {
  return insertAudits(db, [auditRow(actor, meta, { ...event, outcome: 'allowed' }), ...listedRows(actor, meta, event.action, patientAccountIds)]);
}
