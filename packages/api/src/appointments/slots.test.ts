import { DEFAULT_SETTINGS } from '@opencare/schemas/entities/settings';
import { describe, expect, it } from 'vitest';
import { isSlotStart, localDateOf, slotsOfDay, twelveHour, zonedInstant } from './slots';

describe('appointment slots', () => {
  it('shows times in 12-hour form', () => {
    expect([0, 59, 12 * 60, 13 * 60 + 30, 23 * 60 + 45].map(twelveHour)).toEqual([
      '12:00 AM',
      '12:59 AM',
      '12:00 PM',
      '01:30 PM',
      '11:45 PM',
    ]);
  });

  it('places a wall-clock time in its time zone, across daylight-saving changes', () => {
    expect(zonedInstant('2026-03-07', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    // New York moves its clocks forward on 8 March 2026.
    expect(zonedInstant('2026-03-09', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(zonedInstant('2026-06-01', 9 * 60, 'Asia/Riyadh').toISOString()).toBe('2026-06-01T06:00:00.000Z');
    expect(zonedInstant('2026-06-01', 0, 'UTC').toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('fits whole slots between the working hours of working days only', () => {
    const settings = {
      ...DEFAULT_SETTINGS.appointmentManagement,
      slotStepMinutes: 45 as const,
      workdayStart: '09:00',
      workdayEnd: '11:00',
    };
    expect(slotsOfDay('2026-12-07', settings, 'UTC').map((s) => s.time)).toEqual(['09:00', '09:45']); // Monday
    expect(slotsOfDay('2026-12-06', settings, 'UTC')).toEqual([]); // Sunday
  });

  it('finds the clinic day of an instant, which may differ from its UTC day', () => {
    expect(localDateOf(new Date('2026-12-08T02:30:00Z'), 'America/New_York')).toBe('2026-12-07');
    expect(localDateOf(new Date('2026-12-07T22:30:00Z'), 'Asia/Riyadh')).toBe('2026-12-08');
    expect(localDateOf(new Date('2026-12-07T22:30:00Z'), 'UTC')).toBe('2026-12-07');
  });

  it('accepts a booking only at the start of one of its day’s slots', () => {
    const settings = DEFAULT_SETTINGS.appointmentManagement; // 08:00 to 17:00 every 30 minutes, Monday to Friday
    const at = (iso: string) => isSlotStart(new Date(iso), settings, 'America/New_York');
    expect(at('2026-12-07T13:00:00Z')).toBe(true); // Monday 08:00 in New York
    expect(at('2026-12-07T21:30:00Z')).toBe(true); // 16:30, the last slot
    expect(at('2026-12-07T22:00:00Z')).toBe(false); // 17:00 ends the day
    expect(at('2026-12-07T13:10:00Z')).toBe(false); // off the step
    expect(at('2026-12-07T12:30:00Z')).toBe(false); // before opening
    expect(at('2026-12-06T14:00:00Z')).toBe(false); // Sunday
  });
});
