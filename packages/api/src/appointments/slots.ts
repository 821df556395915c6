import type { AppointmentSlot, Settings } from '@opencare/schemas/entities/settings';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const pad = (n: number) => String(n).padStart(2, '0');

/** The offset of a time zone from UTC at an instant, in milliseconds (e.g. New York in winter: -5 h). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time of a day has in a time zone (checked again across a DST change). */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

/** A calendar month (YYYY-MM) in a time zone, as the instants [from, to). */
export function monthBounds(month: string, timeZone: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: zonedInstant(`${month}-01`, 0, timeZone), to: zonedInstant(`${next}-01`, 0, timeZone) };
}

/** "13:30" as the 12-hour form slots are shown in: "01:30 PM". */
export function twelveHour(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(minutes % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The slots of one day between the working hours, a step apart, in the organisation's time zone;
 * none on a day that is not a working day. A slot must end by the end of the working day.
 */
export function slotsOfDay(
  date: string,
  settings: Settings['appointmentManagement'],
  timeZone: string,
): AppointmentSlot[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (!settings.workingDays.includes(weekday)) return [];
  const slots: AppointmentSlot[] = [];
  const end = minutesOf(settings.workdayEnd);
  for (
    let at = minutesOf(settings.workdayStart);
    at + settings.slotStepMinutes <= end;
    at += settings.slotStepMinutes
  ) {
    slots.push({
      startsAt: zonedInstant(date, at, timeZone).toISOString(),
      time: `${pad(Math.floor(at / 60))}:${pad(at % 60)}`,
      label: twelveHour(at),
    });
  }
  return slots;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Whether an instant is the start of one of its day's slots (a booking must be). */
export function isSlotStart(
  instant: Date,
  settings: Settings['appointmentManagement'],
  timeZone: string,
): boolean {
  const iso = instant.toISOString();
  return slotsOfDay(localDateOf(instant, timeZone), settings, timeZone).some((slot) => slot.startsAt === iso);
}
