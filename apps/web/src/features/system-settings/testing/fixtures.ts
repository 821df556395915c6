import {
  DEFAULT_SETTINGS,
  type AppSettings,
  type BillingSummary,
  type TelemedicineConfig,
} from '@opencare/schemas/entities/settings';
import { ROLES } from '@opencare/schemas/roles';
import type { SessionState } from '../../../session/session-context';
import { makeAccount, makeUser } from '../../../testing/fixtures';

/** Answers the settings endpoints give, for the component tests of this feature. */

export function signedInAdmin(): SessionState {
  const account = makeAccount([ROLES.Admin]);
  return { status: 'signed-in', user: makeUser([account]), account };
}

export const appSettings = (overrides: Partial<AppSettings> = {}): AppSettings => ({
  organizationName: 'Demo Clinic',
  logo: null,
  defaultLanguage: 'en-US',
  passwordMinLength: 8,
  maintenanceMessage: null,
  timezone: 'America/New_York',
  taskOverdueMinutes: 10,
  readingAdvice: {},
  ...overrides,
});

export const telemedicineConfig = (overrides: Partial<TelemedicineConfig> = {}): TelemedicineConfig => ({
  callEngine: 'simple-peer',
  configuredEngine: 'livekit',
  livekitAvailable: false,
  joinEarlyMinutes: DEFAULT_SETTINGS.telemedicine.joinEarlyMinutes,
  endWarningMinutes: DEFAULT_SETTINGS.telemedicine.endWarningMinutes,
  admitRequired: DEFAULT_SETTINGS.telemedicine.admitRequired,
  stayOrLeaveSeconds: DEFAULT_SETTINGS.telemedicine.stayOrLeaveSeconds,
  ...overrides,
});

export const billingSummary = (month: string): BillingSummary => ({
  month,
  rpmMinimumDays: 16,
  patients: [
    {
      patientAccountId: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
      fullName: 'Pat Morgan',
      mrn: 'MRN500123',
      daysWithReadings: 18,
      readings: 40,
      billable: true,
    },
    {
      patientAccountId: '4a3c9d2f-5e6b-4c7d-9e8f-0a1b2c3d4e5f',
      fullName: 'Layla Haddad',
      mrn: 'MRN500124',
      daysWithReadings: 4,
      readings: 6,
      billable: false,
    },
  ],
  billablePatients: 1,
});
