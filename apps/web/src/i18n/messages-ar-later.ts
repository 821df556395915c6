import arApiKeys from './locales/ar/api-keys.json';
import arIntegrations from './locales/ar/integrations.json';
import arSmartAuthorize from './locales/ar/smart-authorize.json';
import arAppointments from './locales/ar/appointments.json';
import arDevices from './locales/ar/devices.json';
import arGateways from './locales/ar/gateways.json';
import arInfo from './locales/ar/info.json';
import arMeasurements from './locales/ar/measurements.json';
import arPatients from './locales/ar/patients.json';
import arScreens from './locales/ar/screens.json';
import arSignup from './locales/ar/signup.json';
import arUserManagement from './locales/ar/user-management.json';
import type { LaterMessages } from './resources';
import arVisits from './locales/ar/visits.json';

/** Arabic, the later namespaces, checked against the source's type (the app fetches each file on its own: resources.ts). */
export const messages: LaterMessages = {
  screens: arScreens,
  info: arInfo,
  signup: arSignup,
  userManagement: arUserManagement,
  devices: arDevices,
  measurements: arMeasurements,
  appointments: arAppointments,
  patients: arPatients,
  apiKeys: arApiKeys,
  integrations: arIntegrations,
  smartAuthorize: arSmartAuthorize,
  gateways: arGateways,
  visits: arVisits,
};
