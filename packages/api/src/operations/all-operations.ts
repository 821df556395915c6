import { accountsOperations } from '../accounts/accounts.operations';
import { adherenceOperations } from '../adherence/adherence.operations';
import { alertsOperations } from '../alerts/alerts.operations';
import { careTimeOperations } from '../care-time/care-time.operations';
import { monitoringReportOperations } from '../monitoring-report/monitoring-report.operations';
import { enrolmentsOperations } from '../enrolments/enrolments.operations';
import { caregiversOperations } from '../caregivers/caregivers.operations';
import { analyticsOperations } from '../analytics/analytics.operations';
import { appointmentsOperations } from '../appointments/appointments.operations';
import { devicesOperations } from '../devices/devices.operations';
import { gatewaysOperations } from '../gateways/gateways.operations';
import { mailOperations } from '../mail-threads/mail.operations';
import { heldReadingsOperations } from '../measurements/held-readings.operations';
import { measurementsOperations } from '../measurements/measurements.operations';
import { patientsOperations } from '../patients/patients.operations';
import { providersOperations } from '../providers/providers.operations';
import { telehealthInvitationsOperations } from '../telehealth-invitations/telehealth-invitations.operations';
import { visitsOperations } from '../visits/visits.operations';
import { apiKeysOperations } from '../api-keys/api-keys.operations';
import { smartClientsOperations } from '../smart/smart-clients.operations';
import { smartAuthorizeOperations } from '../smart/smart-authorize.operations';
import { fhirSubscriptionsOperations } from '../fhir/subscriptions.operations';
import { authOperations } from '../auth/auth.operations';
import { deviceProfilesOperations } from '../device-profiles/device-profiles.operations';
import { fhirOperations } from '../fhir/fhir.operations';
import { filesOperations } from '../files/files.operations';
import { invitationsOperations } from '../invitations/invitations.operations';
import { logsOperations } from '../logs/logs.operations';
import { lookupsOperations } from '../lookups/lookups.operations';
import { organisationsOperations } from '../organisations/organisations.operations';
import { outboxOperations } from '../outbox/outbox.operations';
import { profileOperations } from '../profile/profile.operations';
import { reportsOperations } from '../reports/reports.operations';
import { schedulesOperations } from '../schedules/schedules.operations';
import { settingsOperations } from '../settings/settings.operations';
import { tasksOperations } from '../tasks/tasks.operations';
import { openApiOperations } from '../system/openapi.operations';
import { usersOperations } from '../users/users.operations';
import { vendorsOperations } from '../vendors/vendors.operations';
import { callCheckOperations } from '../visits/call-check.operations';
import { telemedicineOperations } from '../visits/telemedicine.operations';
import type { FeatureOperations } from './operation';

/**
 * Every feature's declarations: the REST plugin registers their routes, the OpenAPI document lists
 * them, and the edge's access matrix and hostile-input suites read their access from here.
 * (root.ts names each set itself, so that AppRouter keeps each procedure's exact type.)
 */
export const OPERATION_SETS: readonly FeatureOperations[] = [
  openApiOperations,
  alertsOperations,
  schedulesOperations,
  tasksOperations,
  apiKeysOperations,
  smartClientsOperations,
  smartAuthorizeOperations,
  fhirSubscriptionsOperations,
  filesOperations,
  authOperations,
  profileOperations,
  accountsOperations,
  usersOperations,
  invitationsOperations,
  vendorsOperations,
  deviceProfilesOperations,
  lookupsOperations,
  logsOperations,
  outboxOperations,
  settingsOperations,
  telemedicineOperations,
  callCheckOperations,
  reportsOperations,
  organisationsOperations,
  fhirOperations,
  patientsOperations,
  providersOperations,
  analyticsOperations,
  adherenceOperations,
  measurementsOperations,
  heldReadingsOperations,
  appointmentsOperations,
  visitsOperations,
  careTimeOperations,
  monitoringReportOperations,
  enrolmentsOperations,
  caregiversOperations,
  telehealthInvitationsOperations,
  mailOperations,
  gatewaysOperations,
  devicesOperations,
];
