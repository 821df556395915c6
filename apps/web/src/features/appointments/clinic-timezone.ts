/**
 * The clinic's time zone once the app settings have said it (shared-settings.ts). Times are shown
 * where the person is; when that is not the clinic's zone, each time says its zone (issue 17, see
 * format.ts), so "10:00 AM EST" cannot be taken for the clinic's 10:00. A module of its own: the
 * settings come with the first screen, the formatting with the screens that show times.
 */
let remembered: string | null = null;

export function rememberClinicTimezone(zone: string | null): void {
  remembered = zone;
}

export const clinicTimezone = (): string | null => remembered;
