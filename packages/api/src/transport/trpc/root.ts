import { appointmentsRouter, visitsRouter } from './appointments.routers';
import { mailRouter } from './mail.routers';
import { patientRouters } from './patients.routers';
import { careRouters } from './care.routers';
import { gatewayRouters } from './gateways.routers';
import { accountsOperations } from '../../accounts/accounts.operations';
import { alertsOperations } from '../../alerts/alerts.operations';
import { apiKeysOperations } from '../../api-keys/api-keys.operations';
import { authOperations } from '../../auth/auth.operations';
import { deviceProfilesOperations } from '../../device-profiles/device-profiles.operations';
import { fhirOperations } from '../../fhir/fhir.operations';
import { filesOperations } from '../../files/files.operations';
import { invitationsOperations } from '../../invitations/invitations.operations';
import { logsOperations } from '../../logs/logs.operations';
import { lookupsOperations } from '../../lookups/lookups.operations';
import { profileOperations } from '../../profile/profile.operations';
import { reportsOperations } from '../../reports/reports.operations';
import { schedulesOperations } from '../../schedules/schedules.operations';
import { settingsOperations } from '../../settings/settings.operations';
import { tasksOperations } from '../../tasks/tasks.operations';
import { usersOperations } from '../../users/users.operations';
import { vendorsOperations } from '../../vendors/vendors.operations';
import { telemedicineOperations } from '../../visits/telemedicine.operations';
import { featureRouter } from '../operations/trpc-operations';
import { mergeRouters, router } from './trpc';
import { telehealthInvitationsRouter } from './telehealth-invitations.routers';
import { visitSessionRouter } from './visits.routers';

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
  appointments: appointmentsRouter,
  visits: mergeRouters(visitsRouter, visitSessionRouter),
  telehealthInvitations: telehealthInvitationsRouter,
  reports: featureRouter(reportsOperations),
  mail: mailRouter,
  ...patientRouters,
  alerts: featureRouter(alertsOperations),
  schedules: featureRouter(schedulesOperations),
  tasks: featureRouter(tasksOperations),
  apiKeys: featureRouter(apiKeysOperations),
  files: featureRouter(filesOperations),
  fhir: featureRouter(fhirOperations),
  ...careRouters,
  ...gatewayRouters,
});

export type AppRouter = typeof appRouter;
