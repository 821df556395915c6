/*
 * Date Time (0x2A08): year uint16, month, day, hours, minutes, seconds. 0 in the year, month or day
 * means "not known", so the reading has no device time and the agent uses the capture time. Devices
 * keep wall-clock time without a zone; we read it in the gateway's own zone, where the device is.
 */

export interface DeviceDateTime {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export const DATE_TIME_BYTES = 7;

/** The Date Time at `offset`, or null when its date is unknown or impossible. The caller checks length. */
export function readDateTime(buffer: Buffer, offset: number): DeviceDateTime | null {
  const dt = {
    year: buffer.readUInt16LE(offset),
    month: buffer.readUInt8(offset + 2),
    day: buffer.readUInt8(offset + 3),
    hours: buffer.readUInt8(offset + 4),
    minutes: buffer.readUInt8(offset + 5),
    seconds: buffer.readUInt8(offset + 6),
  };
  if (dt.year === 0 || dt.month === 0 || dt.day === 0) return null;
  if (dt.year < 1582 || dt.year > 9999 || dt.month > 12 || dt.day > daysIn(dt.year, dt.month) || dt.hours > 23 || dt.minutes > 59 || dt.seconds > 59) {
    return null;
  }
  return dt;
}

/** The days of a month (February's by the Gregorian leap rule): a 30 February is no date, not 2 March. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** As an instant (ISO 8601, UTC), read in the gateway's zone, shifted by `offsetMinutes` (glucose time offset). */
export function dateTimeToIso(dt: DeviceDateTime, offsetMinutes = 0): string {
  const local = new Date(dt.year, dt.month - 1, dt.day, dt.hours, dt.minutes + offsetMinutes, dt.seconds);
  return local.toISOString();
}

/** The Date Time bytes of an instant, in the gateway's zone. */
export function encodeDateTime(at: Date): Buffer {
  const buffer = Buffer.alloc(DATE_TIME_BYTES);
  buffer.writeUInt16LE(at.getFullYear(), 0);
  buffer.writeUInt8(at.getMonth() + 1, 2);
  buffer.writeUInt8(at.getDate(), 3);
  buffer.writeUInt8(at.getHours(), 4);
  buffer.writeUInt8(at.getMinutes(), 5);
  buffer.writeUInt8(at.getSeconds(), 6);
  return buffer;
}

/**
 * Current Time (0x2A2B, Current Time Service 0x1805): Exact Time 256 — a Date Time, the day of the
 * week, 1/256 s fractions — and an adjust reason; 10 bytes. The device's clock as it stands now, the
 * one way to know a clock that is behind (a time stamp in the past may be a stored record).
 */
export function decodeCurrentTime(buffer: Buffer): string | null {
  if (buffer.length < DATE_TIME_BYTES) return null;
  const dt = readDateTime(buffer, 0);
  return dt ? dateTimeToIso(dt) : null;
}

/** The Current Time bytes of an instant (the simulator's clock). */
export function encodeCurrentTime(at: Date): Buffer {
  // Day of week: 1 Monday … 7 Sunday; fractions and adjust reason 0.
  return Buffer.concat([encodeDateTime(at), Buffer.from([((at.getDay() + 6) % 7) + 1, 0, 0])]);
}
