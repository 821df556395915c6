import { afterEach, describe, expect, it } from 'vitest';
import { hoursOf } from './appointment-events';
import { appointment } from './testing/fixtures';
import { rememberClinicTimezone } from './clinic-timezone';
import { formatTime, formatWeek, weekStartOf } from './format';

const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
const elsewhere = device === 'Asia/Tokyo' ? 'Europe/Madrid' : 'Asia/Tokyo';
const AT = '2030-03-04T15:30:00.000Z';

afterEach(() => rememberClinicTimezone(null));

describe('formatTime', () => {
  it("says the time alone where the person is in the clinic's zone, or the zone is not known yet", () => {
    const plain = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: true });
    expect(formatTime(AT, 'en-US')).toBe(plain.format(new Date(AT)));
    rememberClinicTimezone(device);
    expect(formatTime(AT, 'en-US')).toBe(plain.format(new Date(AT)));
  });

  it("adds the person's zone when the clinic's is another", () => {
    rememberClinicTimezone(elsewhere);
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date(AT))
      .find((p) => p.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    expect(formatTime(AT, 'en-US').endsWith(zone!)).toBe(true);
  });
});

describe('weeks', () => {
  it('start on the Sunday of any of their days, across months and years', () => {
    expect(weekStartOf('2030-03-01')).toBe('2030-02-24');
    expect(weekStartOf('2030-02-24')).toBe('2030-02-24');
    expect(weekStartOf('2030-03-02')).toBe('2030-02-24');
    expect(weekStartOf('2031-01-01')).toBe('2030-12-29');
  });

  it('are written as a range in the reader’s language', () => {
    expect(formatWeek('2030-02-24', 'en-US')).toMatch(/^Feb 24\s–\sMar 2, 2030$/);
    expect(formatWeek('2030-12-29', 'es')).toMatch(/2030/);
    expect(formatWeek('2030-12-29', 'es')).toMatch(/2031/);
  });
});

describe('the hours of the week calendar', () => {
  const at = (hour: number, minute = 0) => new Date(2030, 2, 4, hour, minute).toISOString();
  it('show the usual day, widened to the earliest start and the latest end', () => {
    expect(hoursOf([])).toEqual({ startTime: '08:00:00', endTime: '18:00:00' });
    expect(
      hoursOf([
        appointment({ startsAt: at(6, 30), endsAt: at(7) }),
        appointment({ startsAt: at(19), endsAt: at(19, 30) }),
      ]),
    ).toEqual({
      startTime: '06:00:00',
      endTime: '20:00:00',
    });
    expect(
      hoursOf([appointment({ startsAt: at(23, 30), endsAt: new Date(2030, 2, 5, 0, 0).toISOString() })])
        .endTime,
    ).toBe('23:59:59');
  });
});
