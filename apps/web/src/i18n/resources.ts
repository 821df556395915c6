import { ERRORS, errorKeys, type ErrorKey } from '@opencare/schemas/errors';
import type { Language } from '@opencare/schemas/preferences';
import arCommon from './locales/ar/common.json';
import arInfo from './locales/ar/info.json';
import arScreens from './locales/ar/screens.json';
import arSettings from './locales/ar/settings.json';
import arSignup from './locales/ar/signup.json';
import arSystem from './locales/ar/system.json';
import arDevices from './locales/ar/devices.json';
import arUserManagement from './locales/ar/user-management.json';
import arMeasurements from './locales/ar/measurements.json';
import arAppointments from './locales/ar/appointments.json';
import arMail from './locales/ar/mail.json';
import arPatients from './locales/ar/patients.json';
import arAlerts from './locales/ar/alerts.json';
import arApiKeys from './locales/ar/api-keys.json';
import arVisits from './locales/ar/visits.json';
import arGateways from './locales/ar/gateways.json';
import enCommon from './locales/en-US/common.json';
import enInfo from './locales/en-US/info.json';
import enScreens from './locales/en-US/screens.json';
import enSettings from './locales/en-US/settings.json';
import enSignup from './locales/en-US/signup.json';
import enSystem from './locales/en-US/system.json';
import enDevices from './locales/en-US/devices.json';
import enUserManagement from './locales/en-US/user-management.json';
import enMeasurements from './locales/en-US/measurements.json';
import enAppointments from './locales/en-US/appointments.json';
import enMail from './locales/en-US/mail.json';
import enPatients from './locales/en-US/patients.json';
import enAlerts from './locales/en-US/alerts.json';
import enApiKeys from './locales/en-US/api-keys.json';
import enVisits from './locales/en-US/visits.json';
import enGateways from './locales/en-US/gateways.json';
import esCommon from './locales/es/common.json';
import esInfo from './locales/es/info.json';
import esScreens from './locales/es/screens.json';
import esSettings from './locales/es/settings.json';
import esSignup from './locales/es/signup.json';
import esSystem from './locales/es/system.json';
import esDevices from './locales/es/devices.json';
import esUserManagement from './locales/es/user-management.json';
import esMeasurements from './locales/es/measurements.json';
import esAppointments from './locales/es/appointments.json';
import esMail from './locales/es/mail.json';
import esPatients from './locales/es/patients.json';
import esAlerts from './locales/es/alerts.json';
import esApiKeys from './locales/es/api-keys.json';
import esVisits from './locales/es/visits.json';
import esGateways from './locales/es/gateways.json';

/**
 * The error catalogue's en-US messages are the source text of `common:errors.<key>`: the catalogue
 * in packages/schemas stays their only home, and every other locale must translate every key.
 */
const errorMessages = Object.fromEntries(errorKeys.map((key) => [key, ERRORS[key].message])) as Record<
  ErrorKey,
  string
>;

/**
 * One namespace per feature, so features keep their strings apart. en-US is the source locale: its
 * shape is the type of every other locale and of every key.
 */
const source = {
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
export type Messages = typeof source;
export type Namespace = keyof Messages;

// Annotating the other locales with the source's type makes a missing key a compile error too;
// locales.test.ts says which key is missing.
const spanish: Messages = {
  common: esCommon,
  screens: esScreens,
  info: esInfo,
  signup: esSignup,
  settings: esSettings,
  userManagement: esUserManagement,
  devices: esDevices,
  system: esSystem,
  measurements: esMeasurements,
  appointments: esAppointments,
  mail: esMail,
  patients: esPatients,
  alerts: esAlerts,
  apiKeys: esApiKeys,
  visits: esVisits,
  gateways: esGateways,
};
const arabic: Messages = {
  common: arCommon,
  screens: arScreens,
  info: arInfo,
  signup: arSignup,
  settings: arSettings,
  userManagement: arUserManagement,
  devices: arDevices,
  system: arSystem,
  measurements: arMeasurements,
  appointments: arAppointments,
  mail: arMail,
  patients: arPatients,
  alerts: arAlerts,
  apiKeys: arApiKeys,
  visits: arVisits,
  gateways: arGateways,
};

export const resources = { 'en-US': source, es: spanish, ar: arabic } as const satisfies Record<
  Language,
  Messages
>;
export const namespaces = Object.keys(source) as Namespace[];
