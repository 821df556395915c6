import { MONITORING_PERIOD_DAYS } from '@opencare/schemas/entities/monitoring-report';
import { describe, expect, it } from 'vitest';
import { addDays } from '../schedules/schedule-occurrences';
import { daysOfMonth, periodsEndingIn } from './report-rules';

/** The periods by walking every one from the first day: what the report must agree with. */
function walked(firstDay: string, month: string, readingDays: string[]) {
  const { first, last } = daysOfMonth(month);
  const periods = [];
  for (let from = firstDay; from <= last; from = addDays(from, MONITORING_PERIOD_DAYS)) {
    const to = addDays(from, MONITORING_PERIOD_DAYS - 1);
    if (to >= first && to <= last) periods.push({ from, to, days: readingDays.filter((d) => d >= from && d <= to) });
  }
  return periods;
}

describe('the 30-day periods that end in a month', () => {
  it('are the ones a walk from the first day of monitoring finds, for any first day', () => {
    const readingDays = Array.from({ length: 200 }, (_, i) => addDays('2025-09-01', i * 3));
    let checked = 0;
    for (let offset = -800; offset <= 40; offset += 1) {
      const firstDay = addDays('2026-02-01', offset);
      for (const month of ['2026-02', '2026-03', '2025-12']) {
        expect(periodsEndingIn(firstDay, month, readingDays), `${firstDay} ${month}`).toEqual(walked(firstDay, month, readingDays));
        checked += 1;
      }
    }
    expect(checked).toBe(841 * 3);
  });

  it('end inside the month, 30 days each, across a leap day and a year end', () => {
    expect(periodsEndingIn('2024-01-31', '2024-03', []).map((p) => [p.from, p.to])).toEqual([['2024-03-01', '2024-03-30']]);
    expect(periodsEndingIn('2025-12-03', '2026-01', ['2025-12-31', '2026-01-01', '2026-01-02'])).toEqual([
      { from: '2025-12-03', to: '2026-01-01', days: ['2025-12-31', '2026-01-01'] },
      { from: '2026-01-02', to: '2026-01-31', days: ['2026-01-02'] },
    ]);
    expect(periodsEndingIn('2026-02-01', '2026-01', [])).toEqual([]);
  });
});
