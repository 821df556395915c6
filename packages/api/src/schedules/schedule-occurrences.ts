import { WEEKDAYS, type Weekday } from '@opencare/schemas/entities/care';

/** What decides when a schedule's tasks fall (a measurement_schedules row, less who and what). */
export interface ScheduleRule {
  startDate: string;
  endDate: string | null;
  frequency: 'daily' | 'weekly' | 'biweekly' | 'monthly' | 'specificDays';
  days: readonly string[];
  times: readonly string[];
  timezone: string;
}

export interface Occurrence {
  /** The calendar day in the schedule's time zone, YYYY-MM-DD. */
  date: string;
  /** Wall-clock time that day, HH:mm. */
  time: string;
  dueAt: Date;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Days since 1970-01-01 of a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export function dateOfDayNumber(day: number): string {
  const at = new Date(day * DAY_MS);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

export const addDays = (date: string, days: number) => dateOfDayNumber(dayNumber(date) + days);

const weekdayOf = (day: number): Weekday => WEEKDAYS[(((day + 4) % 7) + 7) % 7] as Weekday; // 1970-01-01 was a Thursday

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// One formatter per zone, made once: making one costs more than the rest of a reading's work in JS.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();

/** The zone's offset from UTC at an instant, asked of Intl once per zone and instant. */
function offsetAt(instant: number, timeZone: string): number {
  const key = `${timeZone}|${instant}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts = formatterOf(timeZone).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    offset = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - instant;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * Offset of the zone from UTC at an instant, in milliseconds (New York in winter: -5 h). Asking Intl
 * is slow and a year of tasks needs thousands of offsets, so it is asked at the start and end of
 * the UTC day only; on the few days those differ, at the instant's quarter hour (zones change
 * offset on quarter hours).
 */
function offsetMs(instant: number, timeZone: string): number {
  const dayStart = Math.floor(instant / DAY_MS) * DAY_MS;
  const start = offsetAt(dayStart, timeZone);
  if (start === offsetAt(dayStart + DAY_MS, timeZone)) return start;
  return offsetAt(Math.floor(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS, timeZone);
}

/** A usable IANA time zone, or the fallback (a profile may hold an old or mistyped one). */
export function timeZoneOr(zone: string | null | undefined, fallback: string): string {
  if (!zone) return fallback;
  try {
    formatterOf(zone);
    return zone;
  } catch {
    return fallback;
  }
}

/** The wall-clock date and time an instant has in a time zone. */
export function wallClockOf(instant: Date, timeZone: string): { date: string; time: string } {
  const local = new Date(instant.getTime() + offsetMs(instant.getTime(), timeZone)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * The instant of a wall-clock time on a day in a time zone, resolved as calendars do (and as
 * Temporal's "compatible" option): a time the clocks skip when they spring forward happens that
 * much later (02:30 becomes 03:30), and a time that happens twice when they fall back is the first
 * of the two. So a daily 08:00 task stays at 08:00 local time all year.
 */
export function wallClockInstant(date: string, time: string, timeZone: string): Date {
  const wall = dayNumber(date) * DAY_MS + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;
  // The offsets a day either side: a change of offset between them is the only one near this time.
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  if (before === after) return new Date(wall - before);
  const candidates = [wall - before, wall - after].filter((instant) => offsetMs(instant, timeZone) === wall - instant);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In the gap: keep the offset from before the change, which moves the time forward by the gap.
  return new Date(wall - before);
}

function occursOn(rule: ScheduleRule, day: number, startDay: number): boolean {
  const weekday = weekdayOf(day);
  const days = rule.days.length > 0 ? rule.days : [weekdayOf(startDay)];
  switch (rule.frequency) {
    case 'daily':
      return true;
    case 'specificDays':
    case 'weekly':
      return days.includes(weekday);
    case 'biweekly': {
      // Every other calendar week (Sunday to Saturday), counted from the start date's week.
      const weekStart = (d: number) => d - WEEKDAYS.indexOf(weekdayOf(d));
      const weeks = (weekStart(day) - weekStart(startDay)) / 7;
      return weeks % 2 === 0 && days.includes(weekday);
    }
    case 'monthly': {
      // The start date's day of the month; in a shorter month its last day (31st → 30th, 28th or 29th).
      const [y, m, d] = dateOfDayNumber(day).split('-').map(Number) as [number, number, number];
      const startDayOfMonth = Number(rule.startDate.slice(8, 10));
      return d === Math.min(startDayOfMonth, daysInMonth(y, m));
    }
  }
}

/** Every occurrence of a schedule between two dates (inclusive), in time order. */
export function occurrencesBetween(rule: ScheduleRule, from: string, to: string): Occurrence[] {
  const startDay = dayNumber(rule.startDate);
  const first = Math.max(dayNumber(from), startDay);
  const last = Math.min(dayNumber(to), rule.endDate ? dayNumber(rule.endDate) : Number.POSITIVE_INFINITY);
  const times = [...rule.times].sort();
  const occurrences: Occurrence[] = [];
  for (let day = first; day <= last; day += 1) {
    if (!occursOn(rule, day, startDay)) continue;
    const date = dateOfDayNumber(day);
    for (const time of times) occurrences.push({ date, time, dueAt: wallClockInstant(date, time, rule.timezone) });
  }
  return occurrences;
}
