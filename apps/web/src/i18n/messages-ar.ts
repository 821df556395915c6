import arAlerts from './locales/ar/alerts.json';
import arApiKeys from './locales/ar/api-keys.json';
import arAppointments from './locales/ar/appointments.json';
import arCommon from './locales/ar/common.json';
import arDevices from './locales/ar/devices.json';
import arGateways from './locales/ar/gateways.json';
import arInfo from './locales/ar/info.json';
import arMail from './locales/ar/mail.json';
import arMeasurements from './locales/ar/measurements.json';
import arPatients from './locales/ar/patients.json';
import arScreens from './locales/ar/screens.json';
import arSettings from './locales/ar/settings.json';
import arSignup from './locales/ar/signup.json';
import arSystem from './locales/ar/system.json';
import arUserManagement from './locales/ar/user-management.json';
import arVisits from './locales/ar/visits.json';
import type { Messages } from './messages-en-us';

/** Arabic. Annotated with the source's type: a missing key is a compile error (locales.test.ts names it). */
export const messages: Messages = {
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
