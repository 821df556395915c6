import {
  REQUIRED_OF_KIND,
  THRESHOLDS_OF_KIND,
  BILLING_CODE_RULES,
  MONITORING_PERIOD_DAYS,
  monitoringReportSchema,
  updateBillingCodeInputSchema,
  type BillingCode,
  type MonitoringReport,
  type ReportPatient,
} from '@opencare/schemas/entities/monitoring-report';
import { ROLES } from '@opencare/schemas/roles';
import { authorize, hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { monthBounds } from '../appointments/slots';
import { countedTime, monthIn } from '../care-time/care-time.service';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError, parseInput } from '../errors/app-error';
import { findNames } from '../patients/patients.repository';
import { settingsOf } from '../settings/settings.service';
import {
  billingCodesOf,
  careTimeBetween,
  findBillingCode,
  consentedEpisodes,
  findSignoff,
  insertSignoff,
  organisationPatients,
  updateBillingCode,
} from './monitoring-report.repository';
import { firstReadingDays, readingDaysBetween } from '../measurements/reading-days.repository';
import { addDays } from '../schedules/schedule-occurrences';
import { daysOfMonth, linesOf, periodsEndingIn } from './report-rules';
import { reportCsv } from './report-csv';

/** Who reads the report and the codes: the organisation's physicians and nurses, and its admins (billing). */
const readsReport = (actor: Actor) => hasRouteRole(actor, 'physicianNurseOrAdmin');
const isPhysician = (actor: Actor) => actor.roles.includes(ROLES.Physician);

export async function listBillingCodes(deps: Deps, actor: Actor, meta: RequestMeta): Promise<BillingCode[]> {
  await authorize(deps, actor, meta, { action: 'billingCodes.read', resourceType: 'organisation', resourceId: actor.organisationId, allowed: readsReport(actor) });
  return billingCodesOf(deps.db, actor.organisationId);
}

/**
 * An admin updates one code as payers change it: its words, thresholds and the days it is in force.
 * A code keeps its kind; the thresholds its kind is not counted by stay empty.
 */
export async function changeBillingCode(deps: Deps, actor: Actor, meta: RequestMeta, id: string, input: unknown): Promise<BillingCode> {
  const row = await findBillingCode(deps.db, id);
  const event = { action: 'billingCodes.update', resourceType: 'billingCode', resourceId: id };
  if (!row || row.organisationId !== actor.organisationId) {
    await audit(deps.db, actor, meta, { ...event, outcome: 'denied' });
    throw new AppError('notFound');
  }
  await authorize(deps, actor, meta, { ...event, allowed: hasRouteRole(actor, 'admin') });
  const change = parseInput(updateBillingCodeInputSchema, input);
  const kind = row.kind as BillingCode['kind'];
  const fields = (['minDays', 'maxDays', 'minMinutes', 'maxMinutes', 'stepMinutes'] as const).flatMap((field): { field: string; message: string }[] => {
    if (change[field] !== null && !THRESHOLDS_OF_KIND[kind].includes(field)) return [{ field, message: BILLING_CODE_RULES.notUsed }];
    if (change[field] === null && (REQUIRED_OF_KIND[kind] as readonly string[]).includes(field)) return [{ field, message: BILLING_CODE_RULES.needed }];
    return [];
  });
  if (fields.length > 0) throw new AppError('validationFailed', { fields });
  const updated = await updateBillingCode(deps.db, id, { ...change, updatedAt: new Date(), updatedByAccountId: actor.accountId });
  if (!updated) throw new AppError('notFound');
  return updated;
}

/** The month's report: the signed one once signed (and whether the data has moved since), else as it stands. */
export async function monitoringReport(deps: Deps, actor: Actor, meta: RequestMeta, month: string): Promise<MonitoringReport> {
  await authorize(deps, actor, meta, { action: 'monitoringReport.read', resourceType: 'monitoringReport', resourceId: month, allowed: readsReport(actor) });
  const live = await computeReport(deps, actor.organisationId, month);
  const signoff = await findSignoff(deps.db, actor.organisationId, month);
  if (!signoff) return live;
  const signed = monitoringReportSchema.parse(signoff.report);
  const names = await findNames(deps.db, [signoff.signedByAccountId]);
  return {
    ...signed,
    signoff: { signedByAccountId: signoff.signedByAccountId, signedByName: names.get(signoff.signedByAccountId) ?? '', signedAt: signoff.signedAt.toISOString() },
    changedSinceSigning: JSON.stringify(signed.patients) !== JSON.stringify(live.patients),
  };
}

/** A physician signs the month's report: it is kept as signed, and it is what the CSV exports from then on. */
export async function signMonitoringReport(deps: Deps, actor: Actor, meta: RequestMeta, month: string): Promise<MonitoringReport> {
  await authorize(deps, actor, meta, { action: 'monitoringReport.sign', resourceType: 'monitoringReport', resourceId: month, allowed: isPhysician(actor) });
  const report = await computeReport(deps, actor.organisationId, month);
  const signedAt = new Date();
  const inserted = await insertSignoff(deps.db, { organisationId: actor.organisationId, month, signedByAccountId: actor.accountId, signedAt, report });
  if (!inserted) throw new AppError('reportSigned');
  return monitoringReport(deps, actor, meta, month);
}

/** The report as CSV for a biller: one row per code line, with its evidence. */
export async function monitoringReportExport(deps: Deps, actor: Actor, meta: RequestMeta, month: string): Promise<{ filename: string; csv: string }> {
  const report = await monitoringReport(deps, actor, meta, month);
  await authorize(deps, actor, meta, { action: 'monitoringReport.export', resourceType: 'monitoringReport', resourceId: month, allowed: true });
  return { filename: `monitoring-report-${month}${report.signoff ? '' : '-draft'}.csv`, csv: reportCsv(report) };
}

/**
 * The report of a closed month, computed from the readings and the care time: per patient, the
 * 30-day periods that ended in the month (counted from the first day of monitoring) and the month's
 * minutes, each clinician's overlapping stretches counted once.
 */
async function computeReport(deps: Deps, organisationId: string, month: string): Promise<MonitoringReport> {
  const [{ timezone }, codes] = await Promise.all([settingsOf(deps.db, organisationId, 'organization'), billingCodesOf(deps.db, organisationId)]);
  if (month >= monthIn(new Date(), timezone)) throw new AppError('reportMonthOpen');
  const { from, to } = monthBounds(month, timezone);
  const { first, last } = daysOfMonth(month);
  // A day more than a period back covers every period that ends in the month.
  const [since, readingDays, careTime, episodes, everyone] = await Promise.all([
    firstReadingDays(deps.db, organisationId, last),
    readingDaysBetween(deps.db, organisationId, addDays(first, -MONITORING_PERIOD_DAYS - 1), last),
    careTimeBetween(deps.db, organisationId, from, to),
    consentedEpisodes(deps.db, organisationId, last),
    organisationPatients(deps.db, organisationId),
  ]);
  // The latest consented episode of each patient (newest first): its start anchors the periods.
  const episodeOf = new Map<string, (typeof episodes)[number]>();
  for (const episode of episodes) if (!episodeOf.has(episode.patientAccountId)) episodeOf.set(episode.patientAccountId, episode);
  const timeOf = groupBy(careTime, (r) => r.patientAccountId);
  // The patients monitored: those with readings in the month's periods or care time in it, and those
  // enrolled (whose missing days the report then shows).
  const monitored = new Set([...readingDays.keys(), ...timeOf.keys(), ...episodeOf.keys()]);
  const people = everyone.filter((person) => monitored.has(person.patientAccountId));
  const names = await findNames(deps.db, careTime.map((r) => r.clinicianAccountId));

  const patients: ReportPatient[] = people.map((person) => {
    const episode = episodeOf.get(person.patientAccountId);
    const monitoringSince = episode?.startDate ?? since.get(person.patientAccountId) ?? null;
    const rows = timeOf.get(person.patientAccountId) ?? [];
    const { minutes, secondsByClinician, interactive } = countedTime(rows);
    const periods = monitoringSince
      ? periodsEndingIn(monitoringSince, month, readingDays.get(person.patientAccountId) ?? [])
      : [];
    const setupRecorded = episode ? episode.setupAt !== null : null;
    const { lines, flags } = linesOf({ month, monitoringSince, setupRecorded, periods, minutes, interactive }, codes);
    return {
      patientAccountId: person.patientAccountId,
      fullName: `${person.firstName} ${person.lastName}`,
      mrn: person.mrn,
      monitoringSince,
      enrolled: episode !== undefined,
      periods,
      minutes,
      clinicians: [...secondsByClinician].map(([id, seconds]) => ({ clinicianAccountId: id, name: names.get(id) ?? '', minutes: Math.floor(seconds / 60) })),
      interactions: rows
        .filter((r) => r.interactive && r.endedAt > r.startedAt)
        .map((r) => ({
          at: r.startedAt.toISOString(),
          source: r.source as ReportPatient['interactions'][number]['source'],
          clinicianName: names.get(r.clinicianAccountId) ?? '',
          minutes: Math.floor((r.endedAt.getTime() - r.startedAt.getTime()) / 60_000),
        })),
      lines,
      flags,
    };
  });

  const byClinician = new Map<string, { minutes: number; patients: number }>();
  for (const patient of patients) {
    for (const c of patient.clinicians) {
      const sum = byClinician.get(c.clinicianAccountId) ?? { minutes: 0, patients: 0 };
      byClinician.set(c.clinicianAccountId, { minutes: sum.minutes + c.minutes, patients: sum.patients + 1 });
    }
  }
  return {
    month,
    codes,
    patients,
    clinicians: [...byClinician].map(([id, sum]) => ({ clinicianAccountId: id, name: names.get(id) ?? '', ...sum })).sort((a, b) => b.minutes - a.minutes),
    signoff: null,
    changedSinceSigning: false,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
