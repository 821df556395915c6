import { generatePath, type PathParam } from 'react-router-dom';

/**
 * The named routes of spec §2 and their paths: links use these names, never literal paths. The
 * route table (routes.tsx) is the one place paths become screens; route-paths.test.ts checks every
 * name here lands on a screen of it.
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  // An invitation e-mail's link: signing up by invitation starts by verifying it.
  signupInvite: '/invitations/verify',
  signupVerify: '/signup/verify',
  signupComplete: '/signup/complete',
  verifyInvitation: '/invitations/verify',
  invitationVerify: '/invitations/verify',
  invitationComplete: '/invitations/complete',
  help: '/help',
  errorLog: '/error-log',
  notFound: '/not-found',
  appointments: '/appointments',
  visitRecord: '/visits/:id',
  settings: '/settings',
  preferences: '/settings/preferences',
  account: '/settings/account',
  accountProfile: '/settings/account/profile',
  accountSecurity: '/settings/account/security',
  reminders: '/settings/reminders',
  audio: '/settings/audio',
  video: '/settings/video',
  gateways: '/gateways',
  gatewaySetup: '/gateways/setup',
  gatewayInfo: '/gateways/:gatewayName',
  gatewayWifi: '/gateways/connect-to-wifi',
  measurements: '/measurements',
  caregivers: '/caregivers',
  caring: '/caring/:patientId',
  devices: '/devices',
  deviceInfo: '/devices/:deviceId',
  addDevice: '/devices/add',
  mail: '/mail',
  findPatient: '/patients',
  patientProfile: '/patients/:patientId',
  incompleteVisits: '/incomplete-visits',
  analytics: '/analytics',
  monitoringReport: '/monitoring-report',
  alerts: '/alerts',
  telehealthVisit: '/telehealth-visit/:visitCode',
  telehealthInvitations: '/telehealth-invitations',
  // A SMART app's consent step (the FHIR server's authorize endpoint sends people here).
  smartAuthorize: '/authorize',
  dashboard: '/dashboard',
  userManagement: '/dashboard/user-management',
  userList: '/dashboard/user-management/users',
  inactiveUsers: '/dashboard/user-management/inactive-users',
  // Not under users/: a user may well be called "create".
  userCreate: '/dashboard/user-management/create-user',
  userView: '/dashboard/user-management/users/:username',
  userEdit: '/dashboard/user-management/users/:username/edit',
  invitations: '/dashboard/user-management/invitations',
  createInvitation: '/dashboard/user-management/invitations/create',
  invitationView: '/dashboard/user-management/invitations/:invitationId',
  invitationEdit: '/dashboard/user-management/invitations/:invitationId/edit',
  apiKeys: '/dashboard/api-keys',
  integrations: '/dashboard/integrations',
  caregiverLinks: '/dashboard/caregivers',
  settingsManagement: '/dashboard/system',
  systemManagement: '/dashboard/system-management',
  patientManagement: '/dashboard/patient-management',
  organization: '/dashboard/organization',
  vendorManagement: '/dashboard/vendor',
  vendorCreate: '/dashboard/vendor/create',
  vendorView: '/dashboard/vendor/:vendorId',
  vendorEdit: '/dashboard/vendor/:vendorId/edit',
  securityAndCompliance: '/dashboard/security',
  telemedicine: '/dashboard/telemedicine',
  reportingAndAnalytics: '/dashboard/reporting-and-analytics',
  appointmentManagement: '/dashboard/appointment-management',
  billingAndPayments: '/dashboard/billing-and-payments',
  alertSettings: '/dashboard/alerts',
  deviceManagement: '/dashboard/device-management',
  deviceProfileList: '/dashboard/device-management',
  deviceProfileCreate: '/create-profile',
  deviceProfileView: '/dashboard/device-management/:deviceProfileId',
  deviceProfileEdit: '/dashboard/device-management/:deviceProfileId/edit',
  // The menu's pages (spec §2, menu labels).
  faqs: '/faqs',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  feedback: '/feedback',
} as const;

export type RouteName = keyof typeof ROUTES;
type ParamsOf<N extends RouteName> = { [P in PathParam<(typeof ROUTES)[N]>]: string };

/** The path of a named route, its parameters filled in (and encoded). */
export function pathTo<N extends RouteName>(
  name: N,
  ...params: [PathParam<(typeof ROUTES)[N]>] extends [never] ? [] : [ParamsOf<N>]
): string {
  return generatePath<string>(ROUTES[name], params[0]);
}
