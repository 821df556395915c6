import type { BillingSummary } from '@opencare/schemas/entities/settings';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { monthBounds } from '../appointments/slots';
import type { Deps, RequestMeta } from '../deps';
import { settingsOf } from '../settings/settings.service';
import { readingDaysOfPatients } from './billing.repository';

/**
 * Remote-monitoring billing for one month: each patient's days with readings, billable when they
 * reach the organisation's minimum (CPT 99454 asks for 16). Days follow the organisation's time zone.
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
  const [{ rpmMinimumDays }, { timezone }] = await Promise.all([
    settingsOf(deps.db, actor.organisationId, 'billingAndPayments'),
    settingsOf(deps.db, actor.organisationId, 'organization'),
  ]);
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
