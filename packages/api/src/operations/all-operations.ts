import { alertsOperations } from '../alerts/alerts.operations';
import { analyticsOperations } from '../analytics/analytics.operations';
import { appointmentsOperations } from '../appointments/appointments.operations';
import { devicesOperations } from '../devices/devices.operations';
import { gatewaysOperations } from '../gateways/gateways.operations';
import { mailOperations } from '../mail-threads/mail.operations';
import { measurementsOperations } from '../measurements/measurements.operations';
import { patientsOperations } from '../patients/patients.operations';
import { providersOperations } from '../providers/providers.operations';
import { telehealthInvitationsOperations } from '../telehealth-invitations/telehealth-invitations.operations';
import { visitsOperations } from '../visits/visits.operations';
import { apiKeysOperations } from '../api-keys/api-keys.operations';
import { filesOperations } from '../files/files.operations';
import { schedulesOperations } from '../schedules/schedules.operations';
import { tasksOperations } from '../tasks/tasks.operations';
import { openApiOperations } from '../system/openapi.operations';
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
  filesOperations,
  patientsOperations,
  providersOperations,
  analyticsOperations,
  measurementsOperations,
  appointmentsOperations,
  visitsOperations,
  telehealthInvitationsOperations,
  mailOperations,
  gatewaysOperations,
  devicesOperations,
];
