import { isoDate } from '../../session/calendar-date';

/** Figures and units in the reader's language, by the browser's Intl (no plural tables to keep). */

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'percent';

export function formatUnit(value: number, unit: Unit, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A span of minutes in its largest whole unit: 1440 → "1 day", 90 → "90 minutes". */
export function formatMinutes(minutes: number, language: string): string {
  if (minutes > 0 && minutes % (24 * 60) === 0) return formatUnit(minutes / (24 * 60), 'day', language);
  if (minutes > 0 && minutes % 60 === 0) return formatUnit(minutes / 60, 'hour', language);
  return formatUnit(minutes, 'minute', language);
}

/** An uptime as days, hours and minutes, each in the reader's words ("2 days 3 hours 5 minutes"). */
export function formatUptime(seconds: number, language: string): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts: string[] = [];
  if (days > 0) parts.push(formatUnit(days, 'day', language));
  if (days > 0 || hours > 0) parts.push(formatUnit(hours, 'hour', language));
  parts.push(formatUnit(minutes, 'minute', language));
  return new Intl.ListFormat(language, { style: 'narrow', type: 'unit' }).format(parts);
}

/** "13:30" in 12-hour form (spec §9: slots are shown so), in the reader's language. */
export function formatTimeOfDay(hhmm: string, language: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** An instant as a date and time in the reader's language (and, if given, another time zone). */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** A YYYY-MM-DD day as the reader's language writes it. */
export function formatDay(date: string, language: string): string {
  const [y = 1970, m = 1, d = 1] = date.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The weekdays' names, Sunday (0) to Saturday (6), as the settings number them. */
export function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2023, 0, 1 + day))));
}

/** This month as YYYY-MM, in the device's time zone. */
export function currentMonth(): string {
  return isoDate(new Date()).slice(0, 7);
}
