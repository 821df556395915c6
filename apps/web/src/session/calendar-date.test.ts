import { describe, expect, it } from 'vitest';
import { addDays, addMonths, firstDayOf, lastDayOf, monthOf } from './calendar-date';

describe('calendar dates', () => {
  it('step days and months across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 12)).toBe('2027-05');
  });

  it('know a month’s first and last days, leap years included', () => {
    expect(monthOf('2026-03-14')).toBe('2026-03');
    expect(firstDayOf('2026-03')).toBe('2026-03-01');
    expect(lastDayOf('2026-04')).toBe('2026-04-30');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2027-02')).toBe('2027-02-28');
  });
});
