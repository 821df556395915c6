import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../session/use-session';
import { createQueryClient, createTrpcClient, trpc } from './trpc';

/** Whose data the cache holds: the user and the account acted as. */
function identityOf(state: ReturnType<typeof useSession>['state']): string {
  return state.status === 'signed-in' ? `${state.user.id}:${state.account.id}` : state.status;
}

/**
 * The tRPC client and the query cache, inside the session. The cache is emptied whenever the person
 * or the account acted as changes (sign-out, another user, the account switcher): one person's
 * patient data is never shown to the next from cache.
 */
export function DataProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [trpcClient] = useState(createTrpcClient);
  const identity = identityOf(useSession().state);
  const previous = useRef(identity);
  useEffect(() => {
    // 'restoring' → signed in is the same person coming back: what was cached for them stays.
    if (previous.current !== identity && previous.current !== 'restoring') client.clear();
    previous.current = identity;
  }, [client, identity]);
  return (
    <trpc.Provider client={trpcClient} queryClient={client}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
