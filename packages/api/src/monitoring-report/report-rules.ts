import {
  MONITORING_PERIOD_DAYS,
  type BillingCode,
  type MonitoringPeriod,
  type ReportFlag,
  type ReportLine,
} from '@opencare/schemas/entities/monitoring-report';
import { addDays, dateOfDayNumber, dayNumber } from '../schedules/schedule-occurrences';

/**
 * The billing rules of the monthly report, as plain functions of a patient's days and minutes and
 * the organisation's codes (no database): what the integration tests' boundaries (15/16 days, 19/20
 * minutes) exercise through the edge.
 */

/** The first and last day of a month (YYYY-MM). */
export function daysOfMonth(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(addDays(first, 31).slice(0, 8) + '01', -1) };
}

const inForce = (code: BillingCode, day: string) =>
  (code.effectiveFrom === null || code.effectiveFrom <= day) && (code.effectiveTo === null || day <= code.effectiveTo);

/**
 * The 30-day periods, counted from the first day of monitoring, that end in the month, with their
 * days of readings. A period is reported in the month it ends: by then it is complete.
 */
export function periodsEndingIn(firstDay: string, month: string, readingDays: readonly string[]): MonitoringPeriod[] {
  const { first, last } = daysOfMonth(month);
  const [start, monthStart, monthEnd] = [dayNumber(firstDay), dayNumber(first), dayNumber(last)];
  // Straight to the first period that ends on or after the month's first day (a patient monitored
  // for years has dozens before it, and the report has thousands of patients).
  const skipped = Math.max(0, Math.ceil((monthStart - start - (MONITORING_PERIOD_DAYS - 1)) / MONITORING_PERIOD_DAYS));
  const periods: MonitoringPeriod[] = [];
  for (let from = start + skipped * MONITORING_PERIOD_DAYS; from + MONITORING_PERIOD_DAYS - 1 <= monthEnd; from += MONITORING_PERIOD_DAYS) {
    const [fromDay, toDay] = [dateOfDayNumber(from), dateOfDayNumber(from + MONITORING_PERIOD_DAYS - 1)];
    periods.push({ from: fromDay, to: toDay, days: readingDays.filter((d) => d >= fromDay && d <= toDay) });
  }
  return periods;
}

/** The code of `kind` in force on `day` whose range holds `value`, the most demanding one first. */
function bestCode(codes: readonly BillingCode[], kind: BillingCode['kind'], day: string, value: number, min: 'minDays' | 'minMinutes', max: 'maxDays' | 'maxMinutes', allowed: (c: BillingCode) => boolean = () => true) {
  return codes
    .filter((c) => c.kind === kind && inForce(c, day) && allowed(c))
    .filter((c) => (c[min] ?? 0) <= value && (c[max] === null || value <= c[max]))
    .sort((a, b) => (b[min] ?? 0) - (a[min] ?? 0))[0];
}

/** The code of `kind` in force on `day` that asks the most (the one a team aims for). */
function topCode(codes: readonly BillingCode[], kind: BillingCode['kind'], day: string, min: 'minDays' | 'minMinutes') {
  return codes.filter((c) => c.kind === kind && inForce(c, day)).sort((a, b) => (b[min] ?? 0) - (a[min] ?? 0))[0];
}

/** What the chart aims for on `day`: the days and minutes of the most demanding codes in force (99454, 99457). */
export function monitoringTargets(codes: readonly BillingCode[], day: string): { days: number; minutes: number } {
  return {
    days: topCode(codes, 'deviceDays', day, 'minDays')?.minDays ?? 0,
    minutes: topCode(codes, 'management', day, 'minMinutes')?.minMinutes ?? 0,
  };
}

export interface PatientMonth {
  month: string;
  /** The first day of monitoring: the episode's start, or the patient's first reading. */
  monitoringSince: string | null;
  /** Enrolled: set-up (99453) is billed only once it is recorded. Null when not enrolled. */
  setupRecorded: boolean | null;
  periods: MonitoringPeriod[];
  minutes: number;
  interactive: boolean;
}

/** The lines a patient's month earns under the codes, and what keeps the others from being earned. */
export function linesOf(patient: PatientMonth, codes: readonly BillingCode[]): { lines: ReportLine[]; flags: ReportFlag[] } {
  const lines: ReportLine[] = [];
  const flags: ReportFlag[] = [];
  for (const period of patient.periods) {
    const days = period.days.length;
    // Set-up and education: once per episode, with its first period.
    const setup = period.from === patient.monitoringSince ? bestCode(codes, 'setup', period.to, days, 'minDays', 'maxDays') : undefined;
    if (setup && patient.setupRecorded === false) flags.push({ kind: 'setupNotRecorded' });
    else if (setup) lines.push({ code: setup.code, kind: 'setup', units: 1, period, minutes: null });
    const device = bestCode(codes, 'deviceDays', period.to, days, 'minDays', 'maxDays');
    if (device) lines.push({ code: device.code, kind: 'deviceDays', units: 1, period, minutes: null });
    const aim = topCode(codes, 'deviceDays', period.to, 'minDays');
    if (aim && days < (aim.minDays ?? 0)) flags.push({ kind: 'needsDays', code: aim.code, more: (aim.minDays ?? 0) - days, periodTo: period.to });
  }

  const { last } = daysOfMonth(patient.month);
  const { minutes, interactive } = patient;
  const counts = (c: BillingCode) => !c.interactiveRequired || interactive;
  const management = bestCode(codes, 'management', last, minutes, 'minMinutes', 'maxMinutes', counts);
  if (management) lines.push({ code: management.code, kind: 'management', units: 1, period: null, minutes });
  for (const addOn of codes.filter((c) => c.kind === 'managementAddOn' && inForce(c, last) && counts(c))) {
    const min = addOn.minMinutes ?? 0;
    const step = addOn.stepMinutes ?? 0;
    if (management && step > 0 && minutes >= min) {
      lines.push({ code: addOn.code, kind: 'managementAddOn', units: Math.floor((minutes - min) / step) + 1, period: null, minutes });
    }
  }
  const aim = topCode(codes, 'management', last, 'minMinutes');
  if (aim && minutes < (aim.minMinutes ?? 0)) flags.push({ kind: 'needsMinutes', code: aim.code, more: (aim.minMinutes ?? 0) - minutes });
  if (minutes > 0 && !interactive && codes.some((c) => c.kind === 'management' && c.interactiveRequired && inForce(c, last))) {
    flags.push({ kind: 'noInteractiveContact' });
  }
  return { lines, flags };
}
