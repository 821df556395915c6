import { ERRORS, errorKeys, type ErrorKey } from '@opencare/schemas/errors';
import enAlerts from './locales/en-US/alerts.json';
import enApiKeys from './locales/en-US/api-keys.json';
import enAppointments from './locales/en-US/appointments.json';
import enCommon from './locales/en-US/common.json';
import enDevices from './locales/en-US/devices.json';
import enGateways from './locales/en-US/gateways.json';
import enInfo from './locales/en-US/info.json';
import enMail from './locales/en-US/mail.json';
import enMeasurements from './locales/en-US/measurements.json';
import enPatients from './locales/en-US/patients.json';
import enScreens from './locales/en-US/screens.json';
import enSettings from './locales/en-US/settings.json';
import enSignup from './locales/en-US/signup.json';
import enSystem from './locales/en-US/system.json';
import enUserManagement from './locales/en-US/user-management.json';
import enVisits from './locales/en-US/visits.json';

/**
 * The error catalogue's en-US messages are the source text of `common:errors.<key>`: the catalogue
 * in packages/schemas stays their only home, and every other locale must translate every key.
 */
const errorMessages = Object.fromEntries(errorKeys.map((key) => [key, ERRORS[key].message])) as Record<
  ErrorKey,
  string
>;

/**
 * en-US, the source locale: one namespace per feature, so features keep their strings apart. Its
 * shape is the type of every other locale and of every key.
 */
export const messages = {
  common: { ...enCommon, errors: errorMessages },
  screens: enScreens,
  info: enInfo,
  signup: enSignup,
  settings: enSettings,
  userManagement: enUserManagement,
  devices: enDevices,
  system: enSystem,
  measurements: enMeasurements,
  appointments: enAppointments,
  mail: enMail,
  patients: enPatients,
  alerts: enAlerts,
  apiKeys: enApiKeys,
  visits: enVisits,
  gateways: enGateways,
};
export type Messages = typeof messages;
