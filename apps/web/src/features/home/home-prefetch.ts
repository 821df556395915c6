import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryUtils } from '../../api/trpc';
import { ROUTES } from '../../route-paths';
import { monthOf, today } from '../../session/calendar-date';
import { storedCalendarDate, storedSessionState } from '../../session/stored-session';
import { clinicianScope, homeKindOf, homeQueries } from './home-queries';

/**
 * Home's data asked for with the page's code (issue 16): a page opening at home with this tab's
 * session sends its home's queries before the first render instead of after the first commit (where
 * TanStack Query starts them), so home paints with its data. Call once `loadStoredChecks()` has
 * settled (main.tsx), with the cache the app then renders with. Home as it opens only: an address
 * with a query (a patient's other tab) asks for other things.
 *
 * Only for a session this tab holds (a token and the stored user): a signed-out visitor, or a tab
 * that must first trade the refresh cookie, asks nothing here. The home is the one the session's
 * account sees, as HomePage decides, not the one this device remembers showing (which only picks
 * the code to download before the session is known): what renders is decided by the session, and
 * the data cached is that session's. The server checks the user again (users.me) as before; if the
 * session turns out to be someone else's, the data provider empties the cache. The calls go through
 * the app's links: a stale token gets the tab's one re-authentication, shared with every other call.
 */
export function prefetchHome(queryClient: QueryClient, address: { pathname: string; search: string }): Promise<unknown> {
  if (address.pathname !== ROUTES.home || address.search) return Promise.resolve();
  const state = storedSessionState();
  if (state.status !== 'signed-in') return Promise.resolve();
  const utils = queryUtils(queryClient);
  // Asked in one task, so they go out as one batch (httpBatchLink). Never rejects: a failed query
  // stays in the cache as failed, and its section asks again when it mounts.
  const asked: Promise<void>[] = [];
  const ask = <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  ): void => {
    asked.push(queryClient.prefetchQuery(options));
  };
  switch (homeKindOf(state.account)) {
    case 'clinician': {
      // As ClinicianHome shows its sections.
      const { physicianOrNurse, own } = clinicianScope(state.account);
      if (physicianOrNurse) {
        ask(homeQueries.waitingRoom(utils));
        ask(homeQueries.unreadCount(utils));
        ask(homeQueries.latestThreads(utils));
      }
      ask(homeQueries.todaysVisits(utils, today(), own));
      ask(homeQueries.openAlerts(utils));
      ask(homeQueries.behindOnReadings(utils));
      if (own) ask(homeQueries.incompleteVisits(utils, own));
      break;
    }
    case 'admin':
      ask(homeQueries.overview(utils));
      break;
    case 'patient': {
      // As PatientHome's first tab shows it: the day's tasks at the session's calendar date, the
      // calendar's month, what is up next and the monitoring consent. Not the latest reading's
      // advice: its query asks for the last hours, counted from when it renders.
      const date = storedCalendarDate();
      ask(homeQueries.yearTasks(utils, date.slice(0, 4)));
      ask(homeQueries.appointmentDates(utils, monthOf(date)));
      ask(homeQueries.nextAppointments(utils));
      ask(homeQueries.unreadCount(utils));
      ask(homeQueries.enrolments(utils, state.account.id));
      break;
    }
    case 'other':
      break;
  }
  return Promise.all(asked);
}
