import { describe, expect, it } from 'vitest';
import { addMonths, lastDayOf, monthGrid, monthsOfYear } from './calendar-grid';

describe('monthGrid', () => {
  it('lays a month out in whole weeks from Sunday', () => {
    // March 2026 starts on a Sunday and ends on a Tuesday: 5 weeks.
    const weeks = monthGrid('2026-03');
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]).toEqual({ date: '2026-03-01', inMonth: true });
    expect(weeks[4]!.map((d) => d.date)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
  });

  it('never needs more than 42 days, and as few as 28', () => {
    // August 2026 starts on a Saturday: 6 weeks.
    expect(monthGrid('2026-08')).toHaveLength(6);
    expect(monthGrid('2026-08')[0]![0]).toEqual({ date: '2026-07-26', inMonth: false });
    // February 2015 starts on a Sunday and has 28 days: exactly 4 weeks.
    expect(monthGrid('2015-02')).toHaveLength(4);
    for (let i = 0; i < 120; i += 1) expect(monthGrid(addMonths('2020-01', i)).flat().length).toBeLessThanOrEqual(42);
  });

  it('handles leap years', () => {
    expect(monthGrid('2028-02').flat().filter((d) => d.inMonth).at(-1)?.date).toBe('2028-02-29');
    expect(lastDayOf('2027-02')).toBe('2027-02-28');
  });
});

describe('months', () => {
  it('step across years and list the 12 of a year', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 12)).toBe('2027-05');
    expect(monthsOfYear('2026-05')).toEqual([
      '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06',
      '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12',
    ]);
  });
});
