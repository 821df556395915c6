import enApiKeys from './locales/en-US/api-keys.json';
import enIntegrations from './locales/en-US/integrations.json';
import enSmartAuthorize from './locales/en-US/smart-authorize.json';
import enAppointments from './locales/en-US/appointments.json';
import enDevices from './locales/en-US/devices.json';
import enGateways from './locales/en-US/gateways.json';
import enInfo from './locales/en-US/info.json';
import enMeasurements from './locales/en-US/measurements.json';
import enPatients from './locales/en-US/patients.json';
import enScreens from './locales/en-US/screens.json';
import enSignup from './locales/en-US/signup.json';
import enUserManagement from './locales/en-US/user-management.json';
import enVisits from './locales/en-US/visits.json';

/** en-US, the namespaces the first load does not need (see messages-en-us.ts): the type of the later strings. The app fetches each file on its own (resources.ts). */
export const messages = {
  screens: enScreens,
  info: enInfo,
  signup: enSignup,
  userManagement: enUserManagement,
  devices: enDevices,
  measurements: enMeasurements,
  appointments: enAppointments,
  patients: enPatients,
  apiKeys: enApiKeys,
  integrations: enIntegrations,
  smartAuthorize: enSmartAuthorize,
  gateways: enGateways,
  visits: enVisits,
};
