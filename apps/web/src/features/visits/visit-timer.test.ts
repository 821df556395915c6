import { describe, expect, it } from 'vitest';
import { formatElapsed, msUntilEndWarning, visitTimerText } from './visit-timer';

describe('the in-progress timer', () => {
  it('reads HH:MM:SS', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(999)).toBe('00:00:00');
    expect(formatElapsed(1000)).toBe('00:00:01');
    expect(formatElapsed(61_000)).toBe('00:01:01');
    expect(formatElapsed(3_600_000 + 59 * 60_000 + 59_000)).toBe('01:59:59');
    expect(formatElapsed(100 * 3_600_000)).toBe('100:00:00');
  });

  it('counts from the start once it has passed, and reads 00:00:00 before', () => {
    const start = '2030-03-01T12:00:00.000Z';
    expect(visitTimerText(start, Date.parse(start) - 5000)).toBe('00:00:00');
    expect(visitTimerText(start, Date.parse(start) + 75_000)).toBe('00:01:15');
    expect(visitTimerText(null, Date.parse(start))).toBe('00:00:00');
  });

  it('knows when the end warning is due', () => {
    const end = '2030-03-01T12:30:00.000Z';
    expect(msUntilEndWarning(end, 5, Date.parse('2030-03-01T12:20:00.000Z'))).toBe(5 * 60_000);
    expect(msUntilEndWarning(end, 5, Date.parse('2030-03-01T12:26:00.000Z'))).toBeLessThan(0);
  });
});
