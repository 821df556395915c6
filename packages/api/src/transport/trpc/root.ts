import {
  accountsRouter,
  authRouter,
  deviceProfilesRouter,
  invitationsRouter,
  logsRouter,
  lookupsRouter,
  profileRouter,
  usersRouter,
  vendorsRouter,
} from './routers';
import { reportsRouter, settingsRouter, telemedicineRouter } from './settings.routers';
import { careRouters } from './care.routers';
import { alertsOperations } from '../../alerts/alerts.operations';
import { analyticsOperations } from '../../analytics/analytics.operations';
import { appointmentsOperations } from '../../appointments/appointments.operations';
import { devicesOperations } from '../../devices/devices.operations';
import { gatewaysOperations } from '../../gateways/gateways.operations';
import { mailOperations } from '../../mail-threads/mail.operations';
import { measurementsOperations } from '../../measurements/measurements.operations';
import { patientsOperations } from '../../patients/patients.operations';
import { providersOperations } from '../../providers/providers.operations';
import { telehealthInvitationsOperations } from '../../telehealth-invitations/telehealth-invitations.operations';
import { visitsOperations } from '../../visits/visits.operations';
import { apiKeysOperations } from '../../api-keys/api-keys.operations';
import { filesOperations } from '../../files/files.operations';
import { schedulesOperations } from '../../schedules/schedules.operations';
import { tasksOperations } from '../../tasks/tasks.operations';
import { featureRouter } from '../operations/trpc-operations';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  accounts: accountsRouter,
  users: usersRouter,
  invitations: invitationsRouter,
  vendors: vendorsRouter,
  deviceProfiles: deviceProfilesRouter,
  lookups: lookupsRouter,
  logs: logsRouter,
  settings: settingsRouter,
  telemedicine: telemedicineRouter,
  appointments: featureRouter(appointmentsOperations),
  visits: featureRouter(visitsOperations),
  telehealthInvitations: featureRouter(telehealthInvitationsOperations),
  reports: reportsRouter,
  mail: featureRouter(mailOperations),
  patients: featureRouter(patientsOperations),
  providers: featureRouter(providersOperations),
  analytics: featureRouter(analyticsOperations),
  measurements: featureRouter(measurementsOperations),
  alerts: featureRouter(alertsOperations),
  schedules: featureRouter(schedulesOperations),
  tasks: featureRouter(tasksOperations),
  apiKeys: featureRouter(apiKeysOperations),
  files: featureRouter(filesOperations),
  ...careRouters,
  gateways: featureRouter(gatewaysOperations),
  devices: featureRouter(devicesOperations),
});

export type AppRouter = typeof appRouter;
