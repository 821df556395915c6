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
import { appointmentsRouter, visitsRouter } from './appointments.routers';
import { mailRouter } from './mail.routers';
import { patientRouters } from './patients.routers';
import { careRouters } from './care.routers';
import { gatewayRouters } from './gateways.routers';
import { alertsOperations } from '../../alerts/alerts.operations';
import { apiKeysOperations } from '../../api-keys/api-keys.operations';
import { filesOperations } from '../../files/files.operations';
import { schedulesOperations } from '../../schedules/schedules.operations';
import { tasksOperations } from '../../tasks/tasks.operations';
import { featureRouter } from '../operations/trpc-operations';
import { mergeRouters, router } from './trpc';
import { telehealthInvitationsRouter } from './telehealth-invitations.routers';
import { visitSessionRouter } from './visits.routers';

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
  appointments: appointmentsRouter,
  visits: mergeRouters(visitsRouter, visitSessionRouter),
  telehealthInvitations: telehealthInvitationsRouter,
  reports: reportsRouter,
  mail: mailRouter,
  ...patientRouters,
  alerts: featureRouter(alertsOperations),
  schedules: featureRouter(schedulesOperations),
  tasks: featureRouter(tasksOperations),
  apiKeys: featureRouter(apiKeysOperations),
  files: featureRouter(filesOperations),
  ...careRouters,
  ...gatewayRouters,
});

export type AppRouter = typeof appRouter;
