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
import { appointmentsRouter, reportsRouter, settingsRouter, telemedicineRouter } from './settings.routers';
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
  appointments: appointmentsRouter,
  reports: reportsRouter,
});

export type AppRouter = typeof appRouter;
