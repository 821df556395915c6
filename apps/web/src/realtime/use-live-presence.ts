import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { QueryClientContext } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { use, useCallback, useState } from 'react';
import { trpc } from '../api/trpc';
import { useSocketEvent } from './use-realtime';

type PatientPage = inferRouterOutputs<AppRouter>['patients']['list'];

export interface Presence {
  isOnline: boolean;
  /** When the account came online or, once offline, when it left; null if never seen. */
  lastSeen: string | null;
}

const newer = (a: Presence, b: Presence) =>
  (Date.parse(a.lastSeen ?? '') || 0) >= (Date.parse(b.lastSeen ?? '') || 0);

/**
 * Presence as it changes ('presence:changed', sent to the organisation's staff). Each change is
 * written into every cached `patients.list` page that lists the account, so the lists read from the
 * cache show it; a resync after missed events fetches those pages again. Whichever is more recent
 * wins, so a list fetched after a missed change is not overruled by an older one.
 *
 * The returned `presenceOf` lays the changes heard since mounting over a list given by hand (rows not
 * read from the query cache); for rows from the cache it returns what the cache already holds.
 */
export function useLivePresence(): (accountId: string, loaded: Presence) => Presence {
  // The query cache of the app (absent only where a screen is shown without the data layer).
  const queryClient = use(QueryClientContext);
  const patientLists = { queryKey: getQueryKey(trpc.patients.list) };
  const [heard, setHeard] = useState<ReadonlyMap<string, Presence>>(() => new Map());
  useSocketEvent('presence:changed', ({ accountId, isOnline, lastSeen }) => {
    const change: Presence = { isOnline, lastSeen };
    queryClient?.setQueriesData<PatientPage>(patientLists, (page) =>
      page?.items.some((item) => item.accountId === accountId && newer(change, item))
        ? {
            ...page,
            items: page.items.map((item) =>
              item.accountId === accountId && newer(change, item) ? { ...item, ...change } : item,
            ),
          }
        : page,
    );
    setHeard((before) => new Map(before).set(accountId, change));
  });
  useSocketEvent('live:resync', () => void queryClient?.invalidateQueries(patientLists));
  return useCallback(
    (accountId, loaded) => {
      const change = heard.get(accountId);
      return change && newer(change, loaded) ? change : loaded;
    },
    [heard],
  );
}
