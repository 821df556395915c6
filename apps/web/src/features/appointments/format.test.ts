import { afterEach, describe, expect, it } from 'vitest';
import { formatTime, rememberClinicTimezone } from './format';

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
