import { isoDate } from '../../session/calendar-date';

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

/**
 * The clinic's time zone once the app settings have said it (shared-settings.ts). Times are shown
 * where the person is; when that is not the clinic's zone, each time says its zone (issue 17), so
 * "10:00 AM EST" cannot be taken for the clinic's 10:00.
 */
let clinicTimezone: string | null = null;
export function rememberClinicTimezone(zone: string | null): void {
  clinicTimezone = zone;
}
const deviceTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function formatTime(iso: string, language: string): string {
  const zoneShown = clinicTimezone !== null && clinicTimezone !== deviceTimezone();
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZoneName: zoneShown ? 'short' : undefined,
  }).format(new Date(iso));
}

/** A YYYY-MM-DD day as the reader's language writes it, with the weekday. */
export function formatDay(date: string, language: string): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(y, m - 1, d));
}

/** Midnight of a YYYY-MM-DD day on this device, as an instant. */
export function startOfDay(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** The Monday of a day's week (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const day = startOfDay(date);
  const sinceMonday = (day.getDay() + 6) % 7;
  return isoDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() - sinceMonday));
}
