import { describe, expect, it } from 'vitest';
import { addDays, occurrencesBetween, wallClockInstant, wallClockOf, type ScheduleRule } from './schedule-occurrences';

const rule = (overrides: Partial<ScheduleRule>): ScheduleRule => ({
  startDate: '2026-01-01',
  endDate: null,
  frequency: 'daily',
  days: [],
  times: ['08:00'],
  timezone: 'America/New_York',
  ...overrides,
});
const dates = (r: ScheduleRule, from: string, to: string) => occurrencesBetween(r, from, to).map((o) => o.date);
const instants = (r: ScheduleRule, from: string, to: string) => occurrencesBetween(r, from, to).map((o) => o.dueAt.toISOString());

describe('wallClockInstant', () => {
  it('places a wall-clock time in its zone, summer and winter', () => {
    expect(wallClockInstant('2026-01-15', '08:00', 'America/New_York').toISOString()).toBe('2026-01-15T13:00:00.000Z');
    expect(wallClockInstant('2026-07-15', '08:00', 'America/New_York').toISOString()).toBe('2026-07-15T12:00:00.000Z');
    expect(wallClockInstant('2026-07-15', '08:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-15T02:30:00.000Z');
    expect(wallClockInstant('2026-07-15', '08:00', 'UTC').toISOString()).toBe('2026-07-15T08:00:00.000Z');
  });

  it('moves a time the clocks skip forward by the gap (New York, 8 March 2026)', () => {
    expect(wallClockInstant('2026-03-08', '01:59', 'America/New_York').toISOString()).toBe('2026-03-08T06:59:00.000Z');
    // 02:30 does not exist that night: it happens at 03:30 EDT.
    expect(wallClockInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallClockInstant('2026-03-08', '03:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the first of a time that happens twice (New York, 1 November 2026)', () => {
    // 01:30 EDT (05:30Z) and 01:30 EST (06:30Z): the first.
    expect(wallClockInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(wallClockInstant('2026-11-01', '02:00', 'America/New_York').toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it('works where the clocks change the other way round (Sydney) and by half hours (Lord Howe)', () => {
    // Sydney springs forward on 4 October 2026 at 02:00 to 03:00 (AEST +10 → AEDT +11).
    expect(wallClockInstant('2026-10-03', '08:00', 'Australia/Sydney').toISOString()).toBe('2026-10-02T22:00:00.000Z');
    expect(wallClockInstant('2026-10-04', '08:00', 'Australia/Sydney').toISOString()).toBe('2026-10-03T21:00:00.000Z');
    expect(wallClockInstant('2026-10-04', '02:30', 'Australia/Sydney').toISOString()).toBe('2026-10-03T16:30:00.000Z');
    // Lord Howe Island changes by 30 minutes (+10:30 → +11) at 02:00: 02:15 happens at 02:45 (+11).
    expect(wallClockInstant('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe('2026-10-03T15:45:00.000Z');
  });

  it('reads back as the same wall-clock time', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Asia/Riyadh', 'Australia/Sydney', 'America/Santiago']) {
      for (let day = 0; day < 366; day += 3) {
        const date = addDays('2026-01-01', day);
        expect(wallClockOf(wallClockInstant(date, '08:00', zone), zone)).toEqual({ date, time: '08:00' });
      }
    }
  });
});

describe('occurrencesBetween', () => {
  it('keeps a daily 08:00 at 08:00 local time across both daylight-saving changes', () => {
    const spring = occurrencesBetween(rule({}), '2026-03-07', '2026-03-09');
    expect(spring.map((o) => [o.date, o.time, o.dueAt.toISOString()])).toEqual([
      ['2026-03-07', '08:00', '2026-03-07T13:00:00.000Z'],
      ['2026-03-08', '08:00', '2026-03-08T12:00:00.000Z'],
      ['2026-03-09', '08:00', '2026-03-09T12:00:00.000Z'],
    ]);
    expect(instants(rule({}), '2026-10-31', '2026-11-02')).toEqual([
      '2026-10-31T12:00:00.000Z',
      '2026-11-01T13:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
    ]);
  });

  it('keeps times skipped or repeated by the change once each, in order', () => {
    const night = rule({ times: ['02:30', '01:30', '23:30'] });
    expect(instants(night, '2026-03-08', '2026-03-08')).toEqual([
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:30:00.000Z',
      '2026-03-09T03:30:00.000Z',
    ]);
    expect(instants(night, '2026-11-01', '2026-11-01')).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T07:30:00.000Z',
      '2026-11-02T04:30:00.000Z',
    ]);
  });

  it('runs from the start date to the end date only', () => {
    const r = rule({ startDate: '2026-02-27', endDate: '2026-03-02' });
    expect(dates(r, '2026-02-01', '2026-03-31')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(dates(r, '2026-03-03', '2026-03-31')).toEqual([]);
  });

  it('repeats weekly on the start date weekday, or on the chosen days', () => {
    // 2026-03-04 is a Wednesday.
    expect(dates(rule({ frequency: 'weekly', startDate: '2026-03-04' }), '2026-03-01', '2026-03-31')).toEqual([
      '2026-03-04',
      '2026-03-11',
      '2026-03-18',
      '2026-03-25',
    ]);
    expect(dates(rule({ frequency: 'weekly', startDate: '2026-03-04', days: ['mon', 'fri'] }), '2026-03-01', '2026-03-14')).toEqual([
      '2026-03-06',
      '2026-03-09',
      '2026-03-13',
    ]);
  });

  it('repeats biweekly every other calendar week from the start date', () => {
    expect(dates(rule({ frequency: 'biweekly', startDate: '2026-03-04' }), '2026-03-01', '2026-04-30')).toEqual([
      '2026-03-04',
      '2026-03-18',
      '2026-04-01',
      '2026-04-15',
      '2026-04-29',
    ]);
    // Monday and Friday of the same weeks: the week of the start, then every second week.
    expect(dates(rule({ frequency: 'biweekly', startDate: '2026-03-04', days: ['mon', 'fri'] }), '2026-03-01', '2026-03-31')).toEqual([
      '2026-03-06',
      '2026-03-16',
      '2026-03-20',
      '2026-03-30',
    ]);
  });

  it('repeats on specific days of every week', () => {
    expect(dates(rule({ frequency: 'specificDays', days: ['sun', 'sat'] }), '2026-03-01', '2026-03-15')).toEqual([
      '2026-03-01',
      '2026-03-07',
      '2026-03-08',
      '2026-03-14',
      '2026-03-15',
    ]);
  });

  it('repeats monthly on the same day, on the last day of shorter months', () => {
    const r = rule({ frequency: 'monthly', startDate: '2026-01-31' });
    expect(dates(r, '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
    ]);
    expect(dates(r, '2028-02-01', '2028-03-01')).toEqual(['2028-02-29']);
    expect(dates(rule({ frequency: 'monthly', startDate: '2026-01-30' }), '2026-02-01', '2026-03-31')).toEqual(['2026-02-28', '2026-03-30']);
    expect(dates(rule({ frequency: 'monthly', startDate: '2026-01-15' }), '2026-01-01', '2026-04-30')).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
    ]);
  });

  it('crosses month and year ends', () => {
    expect(dates(rule({ startDate: '2026-12-30' }), '2026-12-01', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(dates(rule({ frequency: 'weekly', startDate: '2026-12-29' }), '2026-12-01', '2027-01-31')).toEqual([
      '2026-12-29',
      '2027-01-05',
      '2027-01-12',
      '2027-01-19',
      '2027-01-26',
    ]);
  });

  it('gives a whole year of a twice-daily schedule', () => {
    const all = occurrencesBetween(rule({ times: ['20:00', '08:00'] }), '2026-01-01', '2026-12-31');
    expect(all).toHaveLength(730);
    expect(all.every((o, i) => i === 0 || o.dueAt > all[i - 1]!.dueAt)).toBe(true);
  });
});
