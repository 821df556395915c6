import {
  ANALYTICS_MAX_DAYS,
  type Analytics,
  type AnalyticsQuery,
} from '@opencare/schemas/entities/analytics';
import { rangeClassSchema } from '@opencare/schemas/entities/measurements';
import { authorize, hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { zonedInstant } from '../appointments/slots';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { adherenceOf } from '../tasks/adherence.repository';
import { settingsOf } from '../settings/settings.service';
import {
  activePatientCount,
  adherenceByWeek,
  outOfRangeCounts,
  readingCounts,
  visitStatusCounts,
  type Period,
} from './analytics.repository';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD arithmetic on calendar days (no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Today on a time zone's calendar. */
function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The Monday of a day's week. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The period asked for, or the dashboard's reporting period ending today, on the organisation's calendar. */
function periodOf(
  query: AnalyticsQuery,
  organisationId: string,
  timeZone: string,
  periodDays: number,
  now: Date,
): Period {
  const toDate = query.to ?? (query.from ? addDays(query.from, periodDays - 1) : todayIn(timeZone, now));
  const fromDate = query.from ?? addDays(toDate, -(periodDays - 1));
  if (fromDate > toDate)
    throw new AppError('validationFailed', {
      fields: [{ field: 'from', message: 'The start must not be after the end.' }],
    });
  if (daysBetween(fromDate, toDate) >= ANALYTICS_MAX_DAYS) {
    throw new AppError('validationFailed', {
      fields: [{ field: 'from', message: `Analytics covers at most ${ANALYTICS_MAX_DAYS} days.` }],
    });
  }
  return {
    organisationId,
    fromDate,
    toDate,
    from: zonedInstant(fromDate, 0, timeZone),
    to: zonedInstant(addDays(toDate, 1), 0, timeZone),
  };
}

/**
 * Organisation-wide analytics for physicians and nurses (`GET /analytics`): task adherence per
 * week, readings and out-of-range readings per type, visits per status. Counts only.
 */
export async function getAnalytics(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: AnalyticsQuery,
  now = new Date(),
): Promise<Analytics> {
  await authorize(deps, actor, meta, {
    action: 'analytics.read',
    resourceType: 'organisation',
    resourceId: actor.organisationId,
    allowed: hasRouteRole(actor, 'physicianOrNurse'),
  });
  const [{ timezone }, reporting, { taskOverdueMinutes }] = await Promise.all([
    settingsOf(deps.db, actor.organisationId, 'organization'),
    settingsOf(deps.db, actor.organisationId, 'reportingAndAnalytics'),
    settingsOf(deps.db, actor.organisationId, 'patientManagement'),
  ]);
  const period = periodOf(query, actor.organisationId, timezone, reporting.reportPeriodDays, now);
  const [patients, readings, outOfRange, weeks, visitsByStatus] = await Promise.all([
    activePatientCount(deps.db, actor.organisationId),
    readingCounts(deps.db, period),
    outOfRangeCounts(deps.db, period),
    adherenceByWeek(deps.db, period, { overdueMinutes: taskOverdueMinutes, now }),
    visitStatusCounts(deps.db, period),
  ]);

  // Every week of the period appears, an empty one with nothing due, so the chart has no gaps.
  const byWeek = new Map(weeks.map((w) => [w.weekStart, w]));
  const adherenceWeeks: Analytics['adherenceByWeek'] = [];
  for (let week = mondayOf(period.fromDate); week <= period.toDate; week = addDays(week, 7)) {
    const found = byWeek.get(week);
    adherenceWeeks.push({ weekStart: week, ...adherenceOf(found?.due ?? 0, found?.completed ?? 0) });
  }
  const due = weeks.reduce((sum, w) => sum + w.due, 0);
  const completed = weeks.reduce((sum, w) => sum + w.completed, 0);

  return {
    from: period.fromDate,
    to: period.toDate,
    timezone,
    patients,
    patientsWithReadings: readings.patientsWithReadings,
    adherence: { ...adherenceOf(due, completed), targetPercent: reporting.adherenceTargetPercent },
    adherenceByWeek: adherenceWeeks,
    readingsByType: readings.byType.sort((a, b) => a.type.localeCompare(b.type)),
    // A range class this version does not know is left out rather than break the screen.
    outOfRange: outOfRange
      .flatMap((row) => {
        const rangeClass = rangeClassSchema.safeParse(row.rangeClass);
        return rangeClass.success ? [{ type: row.type, rangeClass: rangeClass.data, count: row.count }] : [];
      })
      .sort((a, b) => a.type.localeCompare(b.type) || a.rangeClass.localeCompare(b.rangeClass)),
    visitsByStatus: visitsByStatus.sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
  };
}
