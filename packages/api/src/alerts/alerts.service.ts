import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { measurementTypeSchema, rangeClassSchema, type Alert, type AlertListQuery } from '@opencare/schemas/entities/measurements';
import { authorize, requireRouteRole } from '../access/access';
import { auditPatientsListed } from '../audit/audit.service';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { numericValues } from '../measurements/measurement.dto';
import { patientFor } from '../patients/patient-access';
import { acknowledgeAlert as acknowledgeAlertRow, findAlert, listAlerts as listAlertRows, type AlertRow } from './alerts.repository';

function toDto(row: AlertRow): Alert {
  return {
    id: row.id,
    patientId: row.patientAccountId,
    patientName: `${row.firstName} ${row.lastName}`,
    measurementId: row.measurementId,
    type: measurementTypeSchema.parse(row.type),
    values: numericValues(row.values),
    rangeClass: rangeClassSchema.parse(row.rangeClass),
    takenAt: row.takenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedByAccountId,
  };
}

/**
 * The organisation's alerts for its clinicians (physicians, nurses, assistants), open ones by
 * default; one patient's when `patient` is given. Patients are not shown alerts: they see the range
 * colour of their own readings instead.
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
  return { items: rows.map(toDto), meta: listMeta(total, query.page, query.pageSize) };
}

/** A clinician of the patient's organisation says the care team has seen it. */
export async function acknowledgeAlert(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Alert> {
  requireRouteRole(actor, 'clinician');
  const alert = await findAlert(deps.db, id);
  if (!alert) throw new AppError('notFound');
  await patientFor(deps, actor, meta, alert.patientAccountId, 'alerts.acknowledge', 'read', 'Update');
  await acknowledgeAlertRow(deps.db, id, actor.accountId, new Date());
  const updated = await findAlert(deps.db, id);
  if (!updated) throw new AppError('notFound');
  return toDto(updated);
}
