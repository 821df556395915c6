import type { Executor } from '../db/database';
import { oncePer } from '../db/prepared';
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
  return writerOf(db).write([auditRow(actor, meta, event)]);
}

const insertEntries = (db: Executor, entries: AuditEntry[]) => (entries.length === 1 ? insertAudit(db, entries[0]!) : insertAudits(db, entries));

/** Requests' audit rows per insert at most (each column is one array parameter, whatever the number). */
const ROWS_PER_INSERT = 1_000;

/**
 * Audit rows that requests write at the same moment go to the database together (issue 20: every
 * request writes one, and on PostgreSQL each was a statement and a commit of its own). A request
 * whose row finds no insert under way writes it at once; rows that arrive meanwhile wait for that
 * insert and go in the next one, one statement for all. Each request still goes on only once its
 * own rows are stored. When a shared insert fails, each request's rows are tried again alone, so
 * one request's failure is never another's.
 */
class AuditWriter {
  private readonly waiting: { entries: AuditEntry[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly db: Executor) {}

  write(entries: AuditEntry[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ entries, resolve, reject });
      if (!this.writing) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const taken = [this.waiting.shift()!];
      let rows = taken[0]!.entries.length;
      while (this.waiting.length > 0 && rows + this.waiting[0]!.entries.length <= ROWS_PER_INSERT) {
        const request = this.waiting.shift()!;
        taken.push(request);
        rows += request.entries.length;
      }
      try {
        await insertEntries(this.db, taken.flatMap((request) => request.entries));
        for (const request of taken) request.resolve();
      } catch (error) {
        if (taken.length === 1) taken[0]!.reject(error);
        else await Promise.all(taken.map((request) => insertEntries(this.db, request.entries).then(request.resolve, request.reject)));
      }
    }
    this.writing = false;
  }
}

/** One writer per connection pool (or transaction: its rows stay in it). */
const writerOf = oncePer((db: Executor) => new AuditWriter(db));

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
  return writerOf(db).write(listedRows(actor, meta, action, patientAccountIds));
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
  return writerOf(db).write([auditRow(actor, meta, { ...event, outcome: 'allowed' }), ...listedRows(actor, meta, event.action, patientAccountIds)]);
}
