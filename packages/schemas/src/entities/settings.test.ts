import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SETTINGS_AREAS,
  SETTINGS_SCHEMAS,
  alertSettingsSchema,
  appointmentSettingsSchema,
  organizationSettingsSchema,
} from './settings';

describe('system settings', () => {
  it('has valid defaults for every area', () => {
    for (const area of SETTINGS_AREAS)
      expect(SETTINGS_SCHEMAS[area].safeParse(DEFAULT_SETTINGS[area]).success, area).toBe(true);
  });

  it('takes a small image as the logo and refuses a large one or another kind of file', () => {
    const base = DEFAULT_SETTINGS.organization;
    expect(
      organizationSettingsSchema.safeParse({ ...base, logo: 'data:image/png;base64,iVBORw0KGgo=' }).success,
    ).toBe(true);
    expect(
      organizationSettingsSchema.safeParse({ ...base, logo: `data:image/png;base64,${'A'.repeat(137_000)}` })
        .success,
    ).toBe(false);
    expect(
      organizationSettingsSchema.safeParse({ ...base, logo: 'data:application/pdf;base64,JVBERi0=' }).success,
    ).toBe(false);
  });

  it('knows real time zones only', () => {
    const base = DEFAULT_SETTINGS.organization;
    expect(organizationSettingsSchema.safeParse({ ...base, timezone: 'Asia/Riyadh' }).success).toBe(true);
    expect(organizationSettingsSchema.safeParse({ ...base, timezone: 'Nowhere/Town' }).success).toBe(false);
    expect(organizationSettingsSchema.safeParse({ ...base, timezone: '' }).success).toBe(false);
  });

  it('wants a working day that ends after it starts', () => {
    const base = DEFAULT_SETTINGS.appointmentManagement;
    expect(
      appointmentSettingsSchema.safeParse({ ...base, workdayStart: '09:00', workdayEnd: '09:00' }).success,
    ).toBe(false);
    expect(appointmentSettingsSchema.safeParse({ ...base, workdayStart: '24:00' }).success).toBe(false);
  });

  it('keeps escalation minutes between 0 (never) and a week, and each on-call person once', () => {
    const base = DEFAULT_SETTINGS.alerts;
    const nurse = '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b22';
    expect(alertSettingsSchema.safeParse({ ...base, escalateHighestMinutes: 0, onCall: [nurse] }).success).toBe(true);
    expect(alertSettingsSchema.safeParse({ ...base, escalateHighestMinutes: 7 * 24 * 60 }).success).toBe(true);
    for (const minutes of [-1, 7 * 24 * 60 + 1, 1.5, null]) {
      expect(alertSettingsSchema.safeParse({ ...base, escalateHighMinutes: minutes }).success).toBe(false);
    }
    expect(alertSettingsSchema.safeParse({ ...base, onCall: [nurse, nurse] }).success).toBe(false);
    expect(alertSettingsSchema.safeParse({ ...base, onCall: ['someone'] }).success).toBe(false);
    expect(alertSettingsSchema.safeParse({ ...base, noReadingsDays: 91 }).success).toBe(false);
  });
});
