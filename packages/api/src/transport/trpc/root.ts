import { accountsRouter, authRouter, invitationsRouter, logsRouter, lookupsRouter, profileRouter, usersRouter } from './routers';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  accounts: accountsRouter,
  users: usersRouter,
  invitations: invitationsRouter,
  lookups: lookupsRouter,
  logs: logsRouter,
});

export type AppRouter = typeof appRouter;
