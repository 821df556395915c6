import type { BillingSummary } from '@opencare/schemas/entities/settings';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { monthBounds } from '../appointments/slots';
import type { Deps, RequestMeta } from '../deps';
import { settingsOf } from '../settings/settings.service';
import { billingCodesOf } from '../monitoring-report/monitoring-report.repository';
import { readingDaysOfPatients } from './billing.repository';

/** CPT 99454's days, should an organisation have removed the code from its table. */
const DEVICE_DAYS_DEFAULT = 16;

/**
 * Remote-monitoring billing for one month: each patient's days with readings, billable when they
 * reach the days the organisation's code 99454 asks for (codes table; 16 by default). Days follow the
 * organisation's time zone. The monthly report (monitoring-report) is what a biller submits: it
 * counts 30-day periods and the minutes of management.
 */
export async function rpmBillingSummary(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  month: string,
): Promise<BillingSummary> {
  requireRouteRole(actor, 'admin');
  await authorize(deps, actor, meta, {
    action: 'billing.rpm',
    resourceType: 'organisation',
    resourceId: actor.organisationId,
    allowed: true,
  });
  const [codes, { timezone }] = await Promise.all([billingCodesOf(deps.db, actor.organisationId), settingsOf(deps.db, actor.organisationId, 'organization')]);
  const rpmMinimumDays = codes.find((c) => c.code === '99454')?.minDays ?? DEVICE_DAYS_DEFAULT;
  const { from, to } = monthBounds(month, timezone);
  const rows = await readingDaysOfPatients(deps.db, actor.organisationId, from, to, timezone);
  const patients = rows.map((row) => ({
    patientAccountId: row.patientAccountId,
    fullName: `${row.firstName} ${row.lastName}`,
    mrn: row.mrn,
    daysWithReadings: row.days,
    readings: row.readings,
    billable: row.days >= rpmMinimumDays,
  }));
  return { month, rpmMinimumDays, patients, billablePatients: patients.filter((p) => p.billable).length };
}
