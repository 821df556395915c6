import { describe, expect, it } from 'vitest';
import {
  CALENDAR,
  DATE_FORMAT,
  DEFAULT_CANVAS,
  DEFAULT_DEVICE_KEYS,
  DEFAULT_LAYOUT,
  DEFAULT_OVERDUE_MINUTES,
  DEFAULT_SPECIAL_CAMERA_FONT_SIZE,
  INVITATION_RESEND_INTERVAL_MS,
  LIMITS,
  MINIMUM_AGE,
  NOTIFICATION_TIMEOUT_MS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REAUTH_DELAY_MS,
  RETRY_ATTEMPTS,
  RETRY_BASE_DELAY_MS,
  SESSION_MARKER_TTL_MS,
  SETUP_MINUTES,
  SIGNAL_BUCKETS,
  SPECIAL_CAMERA_NAME,
  TIME_FORMAT,
  VERIFICATION_RESEND_INTERVAL_MS,
  VISIT_TIMER_TICK_MS,
  retryDelayMs,
  signalBucket,
} from './constants';

describe('spec §9 constants', () => {
  it('has the notification, age, password and resend limits', () => {
    expect(NOTIFICATION_TIMEOUT_MS).toBe(6000);
    expect(MINIMUM_AGE).toBe(18);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(INVITATION_RESEND_INTERVAL_MS).toBe(5 * 60 * 1000);
    expect(VERIFICATION_RESEND_INTERVAL_MS).toBe(5 * 60 * 1000);
  });

  it('keeps the session marker one day and waits one second before re-authentication', () => {
    expect(SESSION_MARKER_TTL_MS).toBe(86_400_000);
    expect(REAUTH_DELAY_MS).toBe(1000);
  });

  it('has the call, camera, layout and timer defaults', () => {
    expect(DEFAULT_CANVAS).toEqual({ width: 640, height: 480 });
    expect(SPECIAL_CAMERA_NAME).toBe('SPC Camera');
    expect(Object.keys(DEFAULT_DEVICE_KEYS).sort()).toEqual(['camera', 'microphone', 'speaker']);
    expect(DEFAULT_SPECIAL_CAMERA_FONT_SIZE).toBe(6);
    expect(DEFAULT_LAYOUT).toBe('auto');
    expect(VISIT_TIMER_TICK_MS).toBe(1000);
  });

  it('has the formats, overdue time, setup time and calendar sizes', () => {
    expect(DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(TIME_FORMAT).toBe('hh:mm:ss a');
    expect(DEFAULT_OVERDUE_MINUTES).toBe(10);
    expect(SETUP_MINUTES).toBe(20);
    expect(CALENDAR).toEqual({ months: 12, daysPerWeek: 7, maxGridDays: 42 });
    expect(CALENDAR.maxGridDays).toBe(6 * CALENDAR.daysPerWeek);
  });
});

describe('retry helper', () => {
  it('tries 3 times, waiting 2000 ms times the attempt number', () => {
    expect(RETRY_ATTEMPTS).toBe(3);
    expect(RETRY_BASE_DELAY_MS).toBe(2000);
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2000, 4000, 6000]);
  });
});

describe('signalBucket', () => {
  it.each([
    [0, 'excellent'],
    [-30, 'excellent'],
    [-31, 'good'],
    [-67, 'good'],
    [-68, 'average'],
    [-75, 'average'],
    [-76, 'poor'],
    [-80, 'poor'],
    [-81, 'bad'],
    [-120, 'bad'],
  ] as const)('puts %i dBm in %s', (rssi, bucket) => {
    expect(signalBucket(rssi)).toBe(bucket);
  });

  it('handles fractional readings at the edges', () => {
    expect(signalBucket(-30.5)).toBe('good');
    expect(signalBucket(-80.1)).toBe('bad');
  });

  it('orders the buckets from strongest to weakest', () => {
    const mins = SIGNAL_BUCKETS.map((b) => b.min);
    expect(mins).toEqual([...mins].sort((a, b) => b - a));
  });
});

describe('LIMITS (our own where the spec gives none)', () => {
  it('keeps page sizes and token lifetimes sensible', () => {
    expect(LIMITS.pageSizeDefault).toBe(20);
    expect(LIMITS.pageSizeMax).toBe(100);
    expect(LIMITS.pageSizeDefault).toBeLessThanOrEqual(LIMITS.pageSizeMax);
    expect(LIMITS.accessTokenTtlSeconds * 1000).toBeLessThan(LIMITS.refreshTokenTtlMs);
    expect(LIMITS.bodyBytes).toBe(256 * 1024);
    expect(LIMITS.failedLoginsPerWindow).toBeGreaterThan(0);
  });
});
