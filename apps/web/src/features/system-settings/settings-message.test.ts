import { DEFAULT_SETTINGS, SETTINGS_SCHEMAS } from '@opencare/schemas/entities/settings';
import { describe, expect, it } from 'vitest';
import enSystem from '../../i18n/locales/en-US/system.json';
import { settingsMessageOf } from './settings-message';

const firstMessage = (result: { error?: { issues: readonly { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? '';

const { organization, telemedicine, appointmentManagement, patientManagement, security } = SETTINGS_SCHEMAS;
const withDefaults = <T extends object>(defaults: T, change: Partial<Record<keyof T, unknown>>) => ({
  ...defaults,
  ...change,
});

/** What the schemas say for each mistake an admin can make, and the key this client translates it by. */
const cases = [
  [
    'required',
    firstMessage(organization.safeParse(withDefaults(DEFAULT_SETTINGS.organization, { name: null }))),
  ],
  [
    'required',
    firstMessage(
      patientManagement.safeParse(withDefaults(DEFAULT_SETTINGS.patientManagement, { mrnPrefix: null })),
    ),
  ],
  [
    'required',
    firstMessage(security.safeParse(withDefaults(DEFAULT_SETTINGS.security, { passwordMinLength: null }))),
  ],
  [
    'wholeNumber',
    firstMessage(security.safeParse(withDefaults(DEFAULT_SETTINGS.security, { passwordMinLength: 9.5 }))),
  ],
  [
    'wholeNumber',
    firstMessage(security.safeParse(withDefaults(DEFAULT_SETTINGS.security, { passwordMinLength: '1e' }))),
  ],
  [
    'choose',
    firstMessage(
      telemedicine.safeParse(withDefaults(DEFAULT_SETTINGS.telemedicine, { defaultCallEngine: 'zoom' })),
    ),
  ],
  [
    'choose',
    firstMessage(
      appointmentManagement.safeParse(
        withDefaults(DEFAULT_SETTINGS.appointmentManagement, { slotStepMinutes: 7 }),
      ),
    ),
  ],
  [
    'email',
    firstMessage(
      organization.safeParse(withDefaults(DEFAULT_SETTINGS.organization, { contactEmail: 'nope' })),
    ),
  ],
  [
    'time',
    firstMessage(
      appointmentManagement.safeParse(
        withDefaults(DEFAULT_SETTINGS.appointmentManagement, { workdayStart: '9' }),
      ),
    ),
  ],
  [
    'timezone',
    firstMessage(
      organization.safeParse(withDefaults(DEFAULT_SETTINGS.organization, { timezone: 'Mars/Base' })),
    ),
  ],
  [
    'logoType',
    firstMessage(
      organization.safeParse(
        withDefaults(DEFAULT_SETTINGS.organization, { logo: 'data:image/gif;base64,AA==' }),
      ),
    ),
  ],
  [
    'logoSize',
    firstMessage(
      organization.safeParse(
        withDefaults(DEFAULT_SETTINGS.organization, { logo: `data:image/png;base64,${'A'.repeat(140_000)}` }),
      ),
    ),
  ],
  [
    'mrn',
    firstMessage(
      patientManagement.safeParse(withDefaults(DEFAULT_SETTINGS.patientManagement, { mrnPrefix: 'mrn' })),
    ),
  ],
  [
    'workingDays',
    firstMessage(
      appointmentManagement.safeParse(
        withDefaults(DEFAULT_SETTINGS.appointmentManagement, { workingDays: [] }),
      ),
    ),
  ],
  [
    'workdayEnd',
    firstMessage(
      appointmentManagement.safeParse(
        withDefaults(DEFAULT_SETTINGS.appointmentManagement, { workdayEnd: '07:00' }),
      ),
    ),
  ],
] as const;

describe('settings messages', () => {
  it.each(cases)('reads %s from "%s"', (key, message) => {
    expect(settingsMessageOf(message)?.key).toBe(key);
  });

  it('reads the limits of a number out of range', () => {
    const tooMany = firstMessage(
      telemedicine.safeParse(withDefaults(DEFAULT_SETTINGS.telemedicine, { joinEarlyMinutes: 61 })),
    );
    const tooFew = firstMessage(
      security.safeParse(withDefaults(DEFAULT_SETTINGS.security, { sessionTimeoutMinutes: 1 })),
    );
    const tooLong = firstMessage(
      organization.safeParse(withDefaults(DEFAULT_SETTINGS.organization, { name: 'x'.repeat(101) })),
    );
    expect(settingsMessageOf(tooMany)).toEqual({ key: 'atMost', max: 60 });
    expect(settingsMessageOf(tooFew)).toEqual({ key: 'atLeast', min: 5 });
    expect(settingsMessageOf(tooLong)).toEqual({ key: 'tooLong', max: 100 });
  });

  it('words the schema messages in en-US as the schemas do', () => {
    for (const [key, message] of cases) {
      if (key === 'required' || key === 'wholeNumber' || key === 'choose') continue;
      expect(enSystem.validation[key]).toBe(message);
    }
  });

  it('leaves a message it does not know as it is', () => {
    expect(settingsMessageOf('Something new from the server.')).toBeNull();
  });
});
