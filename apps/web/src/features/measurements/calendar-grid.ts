import { CALENDAR } from '@opencare/schemas/constants';

/** A month as YYYY-MM. */
export type YearMonth = string;

export interface CalendarDay {
  /** YYYY-MM-DD */
  date: string;
  /** False for the days of the weeks' ends that belong to the months either side. */
  inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const utcDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export const monthOf = (date: string): YearMonth => date.slice(0, 7);

/** The month `n` months after (or before) a month, across years. */
export function addMonths(month: YearMonth, n: number): YearMonth {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
}

export function firstDayOf(month: YearMonth): string {
  return `${month}-01`;
}

export function lastDayOf(month: YearMonth): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return utcDate(new Date(Date.UTC(y, m, 0)));
}

/**
 * The weeks a month's grid shows (spec §9: 7 days a week, at most a 42-day grid): whole weeks from
 * Sunday to Saturday, from the week of the 1st to the week of the last day, so 4 to 6 of them.
 */
export function monthGrid(month: YearMonth): CalendarDay[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const start = Date.UTC(y, m - 1, 1 - first.getUTCDay());
  const weeks: CalendarDay[][] = [];
  for (let day = 0; day < CALENDAR.maxGridDays; day += CALENDAR.daysPerWeek) {
    const week = Array.from({ length: CALENDAR.daysPerWeek }, (_, i) => {
      const at = new Date(start + (day + i) * 86_400_000);
      return { date: utcDate(at), inMonth: at.getUTCMonth() === m - 1 };
    });
    if (!week.some((d) => d.inMonth)) break;
    weeks.push(week);
  }
  return weeks;
}

/** The 12 months of a month's year (spec §9: 12 months), for the month picker. */
export function monthsOfYear(month: YearMonth): YearMonth[] {
  const year = month.slice(0, 4);
  return Array.from({ length: CALENDAR.months }, (_, i) => `${year}-${pad(i + 1)}`);
}
