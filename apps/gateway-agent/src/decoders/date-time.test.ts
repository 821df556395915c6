import { describe, expect, it } from 'vitest';
import { dateTimeToIso, decodeCurrentTime, encodeCurrentTime, encodeDateTime, readDateTime } from './date-time';

describe('Date Time (0x2A08)', () => {
  it('reads year, month, day, hours, minutes and seconds', () => {
    const bytes = Buffer.from([0xe4, 0x07, 0x0b, 0x16, 0x09, 0x1e, 0x05]);
    expect(readDateTime(bytes, 0)).toEqual({ year: 2020, month: 11, day: 22, hours: 9, minutes: 30, seconds: 5 });
  });

  it('is read as the gateway local time', () => {
    const dt = readDateTime(Buffer.from([0xe4, 0x07, 0x0b, 0x16, 0x09, 0x1e, 0x05]), 0);
    expect(dateTimeToIso(dt!)).toBe(new Date(2020, 10, 22, 9, 30, 5).toISOString());
    expect(dateTimeToIso(dt!, -90)).toBe(new Date(2020, 10, 22, 8, 0, 5).toISOString());
  });

  it.each([
    ['year 0 (unknown)', [0x00, 0x00, 0x0b, 0x16, 0x09, 0x1e, 0x05]],
    ['month 0 (unknown)', [0xe4, 0x07, 0x00, 0x16, 0x09, 0x1e, 0x05]],
    ['day 0 (unknown)', [0xe4, 0x07, 0x0b, 0x00, 0x09, 0x1e, 0x05]],
    ['month 13', [0xe4, 0x07, 0x0d, 0x16, 0x09, 0x1e, 0x05]],
    ['hour 24', [0xe4, 0x07, 0x0b, 0x16, 0x18, 0x1e, 0x05]],
    ['30 February', [0xea, 0x07, 0x02, 0x1e, 0x09, 0x1e, 0x05]],
    ['29 February of a common year (2026)', [0xea, 0x07, 0x02, 0x1d, 0x09, 0x1e, 0x05]],
    ['31 April', [0xea, 0x07, 0x04, 0x1f, 0x09, 0x1e, 0x05]],
  ])('has no time when %s', (_, bytes) => {
    expect(readDateTime(Buffer.from(bytes), 0)).toBeNull();
  });

  it('keeps 29 February of a leap year', () => {
    expect(readDateTime(Buffer.from([0xe8, 0x07, 0x02, 0x1d, 0x09, 0x1e, 0x05]), 0)).toMatchObject({ year: 2024, month: 2, day: 29 });
  });

  it('round-trips an instant to the second', () => {
    const at = new Date(2026, 0, 31, 23, 59, 58);
    expect(dateTimeToIso(readDateTime(encodeDateTime(at), 0)!)).toBe(at.toISOString());
  });
});

describe('Current Time (0x2A2B)', () => {
  it('is the device clock as an instant, with the day of the week after it (Monday 1 … Sunday 7)', () => {
    const sunday = new Date(2026, 10, 29, 7, 5, 9);
    const bytes = encodeCurrentTime(sunday);
    expect(bytes).toHaveLength(10);
    expect(bytes[7]).toBe(7);
    expect(decodeCurrentTime(bytes)).toBe(sunday.toISOString());
  });

  it('has no time when too short or impossible (a clock that was never set)', () => {
    expect(decodeCurrentTime(Buffer.from([0xea, 0x07, 0x02]))).toBeNull();
    expect(decodeCurrentTime(Buffer.from([0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]))).toBeNull();
  });
});
