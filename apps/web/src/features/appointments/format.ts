import { isoDate } from '../../session/calendar-date';
import { clinicTimezone } from './clinic-timezone';

/**
 * Appointment times in the reader's language and the device's time zone (where the person is),
 * times in 12-hour form (spec §9).
 */

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

const deviceTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function formatTime(iso: string, language: string): string {
  const clinic = clinicTimezone();
  const zoneShown = clinic !== null && clinic !== deviceTimezone();
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZoneName: zoneShown ? 'short' : undefined,
  }).format(new Date(iso));
}

/** Midnight of a YYYY-MM-DD day on this device, as an instant. */
export function startOfDay(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/**
 * The first day (YYYY-MM-DD) of a day's week. Weeks run from Sunday to Saturday, as in every calendar
 * of the app (components/dates/dates-settings.tsx, spec §9), whatever the language's own custom.
 */
export const FIRST_DAY_OF_WEEK = 0;
export function weekStartOf(date: string): string {
  const day = startOfDay(date);
  const sinceStart = (day.getDay() - FIRST_DAY_OF_WEEK + 7) % 7;
  return isoDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() - sinceStart));
}

/** A week from its first day, as the reader's language writes a range ("Mar 3 – 9, 2030"). */
export function formatWeek(first: string, language: string): string {
  const start = startOfDay(first);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 6);
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(
    start,
    end,
  );
}

/** An hour of the day's grid in 12-hour form, as the reader's language writes it ("9 AM"). */
export function formatHour(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric', hour12: true }).format(date);
}

/** A day of the week's agenda, as the reader's language writes it ("Monday, November 30"). */
export function formatDayHeader(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long' }).format(date);
}
