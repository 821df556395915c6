import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import {
  ALERT_EVENT_KINDS,
  alertTypeSchema,
  rangeClassSchema,
  type AcknowledgeAlertInput,
  type AcknowledgeAlertsInput,
  type Alert,
  type AlertEvent,
  type AlertListQuery,
  type AssignAlertInput,
  type ResolveAlertInput,
} from '@opencare/schemas/entities/measurements';
import { ROUTE_ROLES, hasAnyRole } from '@opencare/schemas/role-table';
import { ESCALATION_STEPS, type AlertChangeKind } from '@opencare/schemas/socket-events';
import { authorize, requireRouteRole } from '../access/access';
import { findAccount } from '../accounts/accounts.repository';
import { audit, auditPatientsListed } from '../audit/audit.service';
import type { Actor } from '../access/actor';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { numericValues } from '../measurements/measurement.dto';
import { patientFor } from '../patients/patient-access';
import {
  acknowledgeAlert as acknowledgeAlertRow,
  assignAlert as assignAlertRow,
  findAlert,
  insertAlertEvent,
  listAlertEvents,
  listAlertReadings,
  listAlerts as listAlertRows,
  resolveAlert as resolveAlertRow,
  type AlertRow,
} from './alerts.repository';

const rangeOrNull = (value: unknown) => {
  const parsed = rangeClassSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const eventKind = (kind: string): AlertEvent['kind'] => (ALERT_EVENT_KINDS as readonly string[]).find((k) => k === kind) as AlertEvent['kind'];

/** Who an `assigned` step named, as it was named then. */
const assigneeOf = (data: Record<string, unknown>) =>
  typeof data.assigneeId === 'string' ? { id: data.assigneeId, name: typeof data.assigneeName === 'string' ? data.assigneeName : '' } : null;

/** Which step an `escalated` event was and how many people it told. */
const escalationOf = (data: Record<string, unknown>) => {
  const step = ESCALATION_STEPS.find((s) => s === data.step);
  return step ? { step, notified: Array.isArray(data.notified) ? data.notified.length : 0 } : null;
};

/** Alerts with their readings (the trend) and their history, in two queries for a page of them. */
async function toDtos(db: Executor, rows: AlertRow[]): Promise<Alert[]> {
  const ids = rows.map((r) => r.id);
  const [readings, events] = await Promise.all([listAlertReadings(db, ids), listAlertEvents(db, ids)]);
  const names = new Map(events.flatMap((e) => (e.actorAccountId && e.actorFirstName ? [[e.actorAccountId, `${e.actorFirstName} ${e.actorLastName}`]] : [])));
  return rows.map((row) => {
    const history = events.filter((e) => e.alertId === row.id);
    const assignee = [...history].reverse().find((e) => e.kind === 'assigned');
    return {
      id: row.id,
      patientId: row.patientAccountId,
      patientName: `${row.firstName} ${row.lastName}`,
      measurementId: row.measurementId,
      type: alertTypeSchema.parse(row.type),
      values: row.values ? numericValues(row.values) : {},
      note: row.note,
      rangeClass: rangeClassSchema.parse(row.rangeClass),
      takenAt: (row.takenAt ?? row.lastReadingAt).toISOString(),
      createdAt: row.createdAt.toISOString(),
      readingCount: row.readingCount,
      readings: readings
        .filter((r) => r.alertId === row.id)
        .map((r) => ({ measurementId: r.measurementId, values: numericValues(r.values), rangeClass: rangeOrNull(r.rangeClass), takenAt: r.takenAt.toISOString(), note: r.note })),
      acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
      acknowledgedBy: row.acknowledgedByAccountId,
      assignedTo: row.assignedToAccountId && assignee ? assigneeOf(assignee.data) : null,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      resolvedBy: row.resolvedByAccountId,
      escalationLevel: row.escalationLevel,
      history: history.map((e) => ({
        kind: eventKind(e.kind),
        at: e.at.toISOString(),
        by: e.actorAccountId ? { id: e.actorAccountId, name: names.get(e.actorAccountId) ?? '' } : null,
        comment: e.comment,
        assignee: e.kind === 'assigned' ? assigneeOf(e.data) : null,
        rangeClass: rangeOrNull(e.data.rangeClass),
        escalation: e.kind === 'escalated' ? escalationOf(e.data) : null,
      })),
    };
  });
}

/**
 * The organisation's alerts for its clinicians (physicians, nurses, assistants), open ones by
 * default; one patient's when `patient` is given. Worst first, then the longest waiting. Patients
 * are not shown alerts: they see the range colour of their own readings instead.
 */
export async function listAlerts(deps: Deps, actor: Actor, meta: RequestMeta, query: AlertListQuery): Promise<{ items: Alert[]; meta: ListMeta }> {
  requireRouteRole(actor, 'clinician');
  if (query.patient) await patientFor(deps, actor, meta, query.patient, 'alerts.list', 'read');
  else await authorize(deps, actor, meta, { action: 'alerts.list', resourceType: 'organisation', resourceId: actor.organisationId, allowed: true });
  const { rows, total } = await listAlertRows(
    deps.db,
    { organisationId: actor.organisationId, status: query.status, patientAccountId: query.patient },
    query.page,
    query.pageSize,
  );
  await auditPatientsListed(deps.db, actor, meta, 'alerts.list', rows.map((r) => r.patientAccountId));
  return { items: await toDtos(deps.db, rows), meta: listMeta(total, query.page, query.pageSize) };
}

/**
 * An alert the actor may change: of their organisation (another organisation's answers 404, as if
 * it did not exist, and the refusal is audited) and with the Update permission (403).
 */
async function changeableAlert(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string): Promise<AlertRow> {
  requireRouteRole(actor, 'clinician');
  const alert = await findAlert(deps.db, id);
  if (!alert || alert.organisationId !== actor.organisationId) {
    await audit(deps.db, actor, meta, { action, resourceType: 'alert', resourceId: id, outcome: 'denied' });
    throw new AppError('notFound');
  }
  await patientFor(deps, actor, meta, alert.patientAccountId, action, 'read', 'Update');
  return alert;
}

/** Tells the organisation's clinicians' screens, after the change committed. */
export function tellClinicians(deps: Deps, alert: { id: string; organisationId: string; patientAccountId: string }, kind: AlertChangeKind): void {
  deps.live.alert({ organisationId: alert.organisationId, alertId: alert.id, patientId: alert.patientAccountId, kind });
}

async function reload(deps: Deps, id: string): Promise<Alert> {
  const row = await findAlert(deps.db, id);
  if (!row) throw new AppError('notFound');
  const [dto] = await toDtos(deps.db, [row]);
  if (!dto) throw new AppError('notFound');
  return dto;
}

/** A clinician of the patient's organisation says the care team has seen it, with an optional comment. */
export async function acknowledgeAlert(deps: Deps, actor: Actor, meta: RequestMeta, input: AcknowledgeAlertInput): Promise<Alert> {
  const [alert] = await acknowledgeAlerts(deps, actor, meta, { ids: [input.id], comment: input.comment });
  if (!alert) throw new AppError('notFound');
  return alert;
}

/**
 * Several alerts acknowledged at once: every one is checked first, so one the actor may not change
 * (another organisation's, or gone) refuses the whole request and changes nothing.
 */
export async function acknowledgeAlerts(deps: Deps, actor: Actor, meta: RequestMeta, input: AcknowledgeAlertsInput): Promise<Alert[]> {
  const ids = [...new Set(input.ids)];
  const changeable: AlertRow[] = [];
  for (const id of ids) changeable.push(await changeableAlert(deps, actor, meta, id, 'alerts.acknowledge'));
  const now = new Date();
  const done = await deps.db.transaction(async (tx) => {
    const acknowledged: AlertRow[] = [];
    for (const alert of changeable) {
      if (!(await acknowledgeAlertRow(tx, alert.id, actor.accountId, now))) continue;
      await insertAlertEvent(tx, { alertId: alert.id, kind: 'acknowledged', actorAccountId: actor.accountId, at: now, comment: input.comment || null });
      await audit(tx, actor, meta, { action: 'alerts.acknowledge', resourceType: 'alert', resourceId: alert.id, outcome: 'allowed' });
      acknowledged.push(alert);
    }
    return acknowledged;
  });
  for (const alert of done) tellClinicians(deps, alert, 'acknowledged');
  return Promise.all(ids.map((id) => reload(deps, id)));
}

/** Hands an alert to a clinician (physician, nurse or assistant) of the same organisation. */
export async function assignAlert(deps: Deps, actor: Actor, meta: RequestMeta, input: AssignAlertInput): Promise<Alert> {
  const alert = await changeableAlert(deps, actor, meta, input.id, 'alerts.assign');
  const assignee = await findAccount(deps.db, input.assigneeId);
  const isClinician =
    assignee !== undefined &&
    assignee.account.organisationId === alert.organisationId &&
    assignee.account.status === 'active' &&
    hasAnyRole(assignee.roles, ROUTE_ROLES.clinician);
  if (!isClinician) throw new AppError('alertAssigneeNotClinician');
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await assignAlertRow(tx, alert.id, assignee.account.id);
    await insertAlertEvent(tx, {
      alertId: alert.id,
      kind: 'assigned',
      actorAccountId: actor.accountId,
      at: now,
      comment: input.comment || null,
      data: { assigneeId: assignee.account.id, assigneeName: `${assignee.profile.firstName} ${assignee.profile.lastName}` },
    });
    await audit(tx, actor, meta, { action: 'alerts.assign', resourceType: 'alert', resourceId: alert.id, outcome: 'allowed' });
  });
  tellClinicians(deps, alert, 'assigned');
  return reload(deps, alert.id);
}

/** Closes an alert: the next out-of-range reading of its patient and type opens a new one. */
export async function resolveAlert(deps: Deps, actor: Actor, meta: RequestMeta, input: ResolveAlertInput): Promise<Alert> {
  const alert = await changeableAlert(deps, actor, meta, input.id, 'alerts.resolve');
  const now = new Date();
  const resolved = await deps.db.transaction(async (tx) => {
    if (!(await resolveAlertRow(tx, alert.id, actor.accountId, now))) return false;
    await insertAlertEvent(tx, { alertId: alert.id, kind: 'resolved', actorAccountId: actor.accountId, at: now, comment: input.comment || null });
    await audit(tx, actor, meta, { action: 'alerts.resolve', resourceType: 'alert', resourceId: alert.id, outcome: 'allowed' });
    return true;
  });
  if (resolved) tellClinicians(deps, alert, 'resolved');
  return reload(deps, alert.id);
}
