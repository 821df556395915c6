import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { RETRY_ATTEMPTS, retryDelayMs } from '@opencare/schemas/constants';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { CreateQueryUtils } from '@trpc/react-query/shared';
import { observable } from '@trpc/server/observable';
import { ApiError, asApiError, isNetworkError } from './api-error';
import { sessionClient, timezoneHeaders, type SessionClient } from './session-client';

/** What the links need of the session: its token and account, and its one re-authentication. */
type LinkSession = Pick<SessionClient, 'session' | 'tokenAfter401'>;

/**
 * The app's data calls (design.md): typed procedures of the edge's tRPC router, through TanStack
 * Query. `trpc.<router>.<procedure>.useQuery(input)` reads, `.useMutation()` writes; `trpc.useUtils()`
 * invalidates or writes the cache after a change or a socket event.
 */
export const trpc = createTRPCReact<AppRouter>();

/**
 * A call refused with 401 while it carried a token is retried once with a new token: one
 * re-authentication at a time for the whole tab (and across tabs), shared with the REST client and
 * the socket (spec §4, Session).
 * A refused re-authentication ends the session there.
 */
const reauthenticate =
  (api: LinkSession): TRPCLink<AppRouter> =>
  () =>
  ({ op, next }) =>
    observable((observer) => {
      const stale = api.session.accessToken.get();
      let retried = false;
      let subscription: { unsubscribe(): void } | undefined;
      const attempt = () => {
        subscription = next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (error) => {
            if (retried || !stale || error.data?.httpStatus !== 401) return observer.error(error);
            retried = true;
            api
              .tokenAfter401(stale)
              .then(attempt, (ended: unknown) =>
                observer.error(
                  TRPCClientError.from(ended instanceof Error ? ended : ApiError.of('sessionExpired')),
                ),
              );
          },
        });
      };
      attempt();
      return () => subscription?.unsubscribe();
    });

/** The links every call goes through: the re-authentication above, then batched HTTP to `/trpc`. */
export function trpcLinks(
  api: LinkSession = sessionClient,
  doFetch: typeof fetch = (...args) => globalThis.fetch(...args),
): TRPCLink<AppRouter>[] {
  return [
    reauthenticate(api),
    httpBatchLink({
      url: '/trpc',
      // Read per request, so the retry after a re-authentication carries the new token.
      headers() {
        const headers: Record<string, string> = timezoneHeaders();
        const token = api.session.accessToken.get();
        if (token) {
          headers.authorization = `Bearer ${token}`;
          // The account chosen in the switcher; without it the server acts as the default account.
          const accountId = api.session.accountId.get();
          if (accountId) headers['x-account-id'] = accountId;
        }
        return headers;
      },
      // The refresh cookie is httpOnly and same-origin: the browser sends it, scripts never see it.
      fetch: (url, init) => doFetch(url, { ...init, credentials: 'same-origin' }),
    }),
  ];
}

export function createTrpcClient() {
  return trpc.createClient({ links: trpcLinks() });
}

/**
 * The same procedures outside React (the session provider sits outside the DataProvider): the same
 * links, so the same headers and the same one re-authentication.
 */
export const trpcClient = createTRPCClient<AppRouter>({ links: trpcLinks() });

/**
 * The procedures' query options, key and function, for a query declared once and used both in a
 * component (`trpc.useUtils()`, whose utilities are these) and outside React (`queryUtils`).
 */
export type TrpcUtils = CreateQueryUtils<AppRouter>;

/** The same utilities before the first render: the vanilla client above, the app's cache. */
export const queryUtils = (queryClient: QueryClient): TrpcUtils => createTRPCQueryUtils({ queryClient, client: trpcClient });

/** Reported once a call has given up on reaching the server (the app shell says so, spec §8). */
function reportNetworkError(error: unknown) {
  const failure = asApiError(error);
  if (failure instanceof ApiError && isNetworkError(failure)) sessionClient.events.networkError.emit(failure);
}

/**
 * Reads that could not reach the server are tried again: three attempts in all, 2 s then 4 s apart
 * (spec §9). Writes are never repeated: the first may have landed. Cached reads are shared by every
 * screen and kept fresh by the socket events and the mutations that change them.
 */
export function createQueryClient(options: { retryDelayMs?: (attempt: number) => number } = {}) {
  return new QueryClient({
    // A query marked `meta: { quiet: true }` (the public settings) fails without the notice.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.quiet) reportNetworkError(error);
      },
    }),
    mutationCache: new MutationCache({ onError: reportNetworkError }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failures, error) => isNetworkError(error) && failures < RETRY_ATTEMPTS - 1,
        retryDelay: (failures) => (options.retryDelayMs ?? retryDelayMs)(failures + 1),
      },
      mutations: { retry: false },
    },
  });
}
