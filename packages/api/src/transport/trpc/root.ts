import { adherenceOperations } from '../../adherence/adherence.operations';
import { accountsOperations } from '../../accounts/accounts.operations';
import { alertsOperations } from '../../alerts/alerts.operations';
import { careTimeOperations } from '../../care-time/care-time.operations';
import { monitoringReportOperations } from '../../monitoring-report/monitoring-report.operations';
import { enrolmentsOperations } from '../../enrolments/enrolments.operations';
import { caregiversOperations } from '../../caregivers/caregivers.operations';
import { analyticsOperations } from '../../analytics/analytics.operations';
import { appointmentsOperations } from '../../appointments/appointments.operations';
import { devicesOperations } from '../../devices/devices.operations';
import { gatewaysOperations } from '../../gateways/gateways.operations';
import { mailOperations } from '../../mail-threads/mail.operations';
import { heldReadingsOperations } from '../../measurements/held-readings.operations';
import { measurementsOperations } from '../../measurements/measurements.operations';
import { patientsOperations } from '../../patients/patients.operations';
import { providersOperations } from '../../providers/providers.operations';
import { telehealthInvitationsOperations } from '../../telehealth-invitations/telehealth-invitations.operations';
import { visitsOperations } from '../../visits/visits.operations';
import { apiKeysOperations } from '../../api-keys/api-keys.operations';
import { smartClientsOperations } from '../../smart/smart-clients.operations';
import { smartAuthorizeOperations } from '../../smart/smart-authorize.operations';
import { fhirSubscriptionsOperations } from '../../fhir/subscriptions.operations';
import { authOperations } from '../../auth/auth.operations';
import { deviceProfilesOperations } from '../../device-profiles/device-profiles.operations';
import { fhirOperations } from '../../fhir/fhir.operations';
import { filesOperations } from '../../files/files.operations';
import { invitationsOperations } from '../../invitations/invitations.operations';
import { logsOperations } from '../../logs/logs.operations';
import { lookupsOperations } from '../../lookups/lookups.operations';
import { organisationsOperations } from '../../organisations/organisations.operations';
import { profileOperations } from '../../profile/profile.operations';
import { reportsOperations } from '../../reports/reports.operations';
import { schedulesOperations } from '../../schedules/schedules.operations';
import { settingsOperations } from '../../settings/settings.operations';
import { tasksOperations } from '../../tasks/tasks.operations';
import { usersOperations } from '../../users/users.operations';
import { vendorsOperations } from '../../vendors/vendors.operations';
import { callCheckOperations } from '../../visits/call-check.operations';
import { telemedicineOperations } from '../../visits/telemedicine.operations';
import { featureRouter } from '../operations/trpc-operations';
import { router } from './trpc';

export const appRouter = router({
  auth: featureRouter(authOperations),
  profile: featureRouter(profileOperations),
  accounts: featureRouter(accountsOperations),
  users: featureRouter(usersOperations),
  invitations: featureRouter(invitationsOperations),
  vendors: featureRouter(vendorsOperations),
  deviceProfiles: featureRouter(deviceProfilesOperations),
  lookups: featureRouter(lookupsOperations),
  logs: featureRouter(logsOperations),
  settings: featureRouter(settingsOperations),
  telemedicine: featureRouter(telemedicineOperations),
  callCheck: featureRouter(callCheckOperations),
  appointments: featureRouter(appointmentsOperations),
  visits: featureRouter(visitsOperations),
  telehealthInvitations: featureRouter(telehealthInvitationsOperations),
  reports: featureRouter(reportsOperations),
  organisations: featureRouter(organisationsOperations),
  mail: featureRouter(mailOperations),
  patients: featureRouter(patientsOperations),
  careTime: featureRouter(careTimeOperations),
  monitoringReport: featureRouter(monitoringReportOperations),
  enrolments: featureRouter(enrolmentsOperations),
  caregivers: featureRouter(caregiversOperations),
  providers: featureRouter(providersOperations),
  analytics: featureRouter(analyticsOperations),
  adherence: featureRouter(adherenceOperations),
  measurements: featureRouter(measurementsOperations),
  heldReadings: featureRouter(heldReadingsOperations),
  alerts: featureRouter(alertsOperations),
  schedules: featureRouter(schedulesOperations),
  tasks: featureRouter(tasksOperations),
  apiKeys: featureRouter(apiKeysOperations),
  smartClients: featureRouter(smartClientsOperations),
  smartAuthorize: featureRouter(smartAuthorizeOperations),
  fhirSubscriptions: featureRouter(fhirSubscriptionsOperations),
  files: featureRouter(filesOperations),
  fhir: featureRouter(fhirOperations),
  gateways: featureRouter(gatewaysOperations),
  devices: featureRouter(devicesOperations),
});

export type AppRouter = typeof appRouter;
