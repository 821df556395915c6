import esApiKeys from './locales/es/api-keys.json';
import esIntegrations from './locales/es/integrations.json';
import esSmartAuthorize from './locales/es/smart-authorize.json';
import esAppointments from './locales/es/appointments.json';
import esDevices from './locales/es/devices.json';
import esGateways from './locales/es/gateways.json';
import esInfo from './locales/es/info.json';
import esMeasurements from './locales/es/measurements.json';
import esPatients from './locales/es/patients.json';
import esScreens from './locales/es/screens.json';
import esSignup from './locales/es/signup.json';
import esUserManagement from './locales/es/user-management.json';
import type { LaterMessages } from './resources';
import esVisits from './locales/es/visits.json';

/** Spanish, the later namespaces, checked against the source's type (the app fetches each file on its own: resources.ts). */
export const messages: LaterMessages = {
  screens: esScreens,
  info: esInfo,
  signup: esSignup,
  userManagement: esUserManagement,
  devices: esDevices,
  measurements: esMeasurements,
  appointments: esAppointments,
  patients: esPatients,
  apiKeys: esApiKeys,
  integrations: esIntegrations,
  smartAuthorize: esSmartAuthorize,
  gateways: esGateways,
  visits: esVisits,
};
