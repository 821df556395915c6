import {
  BEHIND_ADHERENCE_DAYS,
  BEHIND_MAX_ITEMS,
  BEHIND_NO_READING_DAYS,
  type BehindReason,
  type PatientBehind,
  type PatientsBehind,
} from '@opencare/schemas/entities/adherence';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { auditPatientsListed } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { adherenceOf } from '../tasks/adherence.repository';
import { findNames } from '../patients/patients.repository';
import { settingsOf } from '../settings/settings.service';
import { ensureTasksOver } from '../tasks/tasks.service';
import { adherencePerPatient, lastReadings, scheduledPatients } from './behind.repository';

const DAY_MS = 86_400_000;

/** Worst first: the lowest adherence (none known last), then the longest without a reading, then the most missed. */
function worstFirst(a: PatientBehind, b: PatientBehind): number {
  const percent = (p: PatientBehind) => p.adherence.percent ?? 101;
  const last = (p: PatientBehind) => (p.lastReadingAt ? Date.parse(p.lastReadingAt) : 0);
  return percent(a) - percent(b) || last(a) - last(b) || b.missedTasks - a.missedTasks || a.patient.fullName.localeCompare(b.patient.fullName);
}

/**
 * `GET /adherence/behind` (issue 17, the clinician's worklist): the patients of the caller's
 * organisation with a schedule who are behind on their readings — adherence over the last
 * BEHIND_ADHERENCE_DAYS days below the organisation's target, tasks missed in the last 24 hours, or
 * no reading for BEHIND_NO_READING_DAYS days — worst first. A patient's care record is read by the
 * clinicians of their organisation (patient-access.ts), so the list is the caller's organisation
 * only; the call and each patient listed are audited.
 */
export async function patientsBehind(deps: Deps, actor: Actor, meta: RequestMeta, now = new Date()): Promise<PatientsBehind> {
  requireRouteRole(actor, 'clinician');
  await authorize(deps, actor, meta, { action: 'adherence.behind', resourceType: 'organisation', resourceId: actor.organisationId, allowed: true });
  const [{ adherenceTargetPercent }, { taskOverdueMinutes }, scheduled] = await Promise.all([
    settingsOf(deps.db, actor.organisationId, 'reportingAndAnalytics'),
    settingsOf(deps.db, actor.organisationId, 'patientManagement'),
    scheduledPatients(deps.db, actor.organisationId),
  ]);
  const since = new Date(now.getTime() - BEHIND_ADHERENCE_DAYS * DAY_MS);
  const ids = scheduled.map((s) => s.patientAccountId);
  await ensureTasksOver(deps.db, ids, since, now);
  const rule = { overdueMinutes: taskOverdueMinutes, now };
  const [counts, readings, names] = await Promise.all([
    adherencePerPatient(deps.db, ids, since, now, new Date(now.getTime() - DAY_MS), rule),
    lastReadings(deps.db, ids),
    findNames(deps.db, ids),
  ]);
  const countsOf = new Map(counts.map((c) => [c.patientAccountId, c]));
  const lastOf = new Map(readings.map((r) => [r.patientAccountId, r.lastReadingAt]));
  const staleBefore = now.getTime() - BEHIND_NO_READING_DAYS * DAY_MS;

  const behind: PatientBehind[] = [];
  for (const { patientAccountId, firstScheduleAt } of scheduled) {
    const count = countsOf.get(patientAccountId);
    const adherence = adherenceOf(count?.due ?? 0, count?.completed ?? 0);
    const missedTasks = count?.missed ?? 0;
    const lastReadingAt = lastOf.get(patientAccountId) ?? null;
    const reasons: BehindReason[] = [];
    if (adherence.percent !== null && adherence.percent < adherenceTargetPercent) reasons.push('lowAdherence');
    if (missedTasks > 0) reasons.push('missedTasks');
    // "No reading for days" only once the schedule has been there that long.
    if (firstScheduleAt.getTime() < staleBefore && (!lastReadingAt || lastReadingAt.getTime() < staleBefore)) reasons.push('noRecentReadings');
    if (reasons.length === 0) continue;
    behind.push({
      patient: { id: patientAccountId, fullName: names.get(patientAccountId) ?? '' },
      adherence,
      missedTasks,
      lastReadingAt: lastReadingAt?.toISOString() ?? null,
      reasons,
    });
  }
  const items = behind.sort(worstFirst).slice(0, BEHIND_MAX_ITEMS);
  await auditPatientsListed(deps.db, actor, meta, 'adherence.behind', items.map((i) => i.patient.id));
  return { days: BEHIND_ADHERENCE_DAYS, noReadingDays: BEHIND_NO_READING_DAYS, targetPercent: adherenceTargetPercent, total: behind.length, items };
}
