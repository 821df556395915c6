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
});

export type AppRouter = typeof appRouter;
