import esAlerts from './locales/es/alerts.json';
import esApiKeys from './locales/es/api-keys.json';
import esAppointments from './locales/es/appointments.json';
import esCommon from './locales/es/common.json';
import esDevices from './locales/es/devices.json';
import esGateways from './locales/es/gateways.json';
import esInfo from './locales/es/info.json';
import esMail from './locales/es/mail.json';
import esMeasurements from './locales/es/measurements.json';
import esPatients from './locales/es/patients.json';
import esScreens from './locales/es/screens.json';
import esSettings from './locales/es/settings.json';
import esSignup from './locales/es/signup.json';
import esSystem from './locales/es/system.json';
import esUserManagement from './locales/es/user-management.json';
import esVisits from './locales/es/visits.json';
import type { Messages } from './messages-en-us';

/** Spanish. Annotated with the source's type: a missing key is a compile error (locales.test.ts names it). */
export const messages: Messages = {
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
