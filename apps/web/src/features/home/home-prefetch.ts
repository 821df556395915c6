import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryUtils } from '../../api/trpc';
import { loadLaterMessages } from '../../i18n/i18n';
import type { Language } from '../../i18n/language';
import { ROUTES } from '../../route-paths';
import { monthOf, today } from '../../session/calendar-date';
import { actingAccount } from '../../session/acting-account';
import { sessionStore, storedAccountsHint } from '../../session/session-store';
import { storedCalendarDate } from '../../session/stored-session';
import { clinicianScope, HOME_STRINGS, homeKindOf, homeQueries } from './home-queries';

type Address = { pathname: string; search: string };

/** The stored acting account, where a page opens at home with this tab's session; else null. */
function storedHomeAccount(address: Address) {
  if (address.pathname !== ROUTES.home || address.search) return null;
  const stored = sessionStore.accessToken.get() ? storedAccountsHint.get() : null;
  return (stored && actingAccount(stored, sessionStore.accountId.get())) ?? null;
}

/**
 * Home's strings in the language shown, asked for beside its data: home's own code would ask for
 * them only once it has run, which on a phone came after the data and the code (issue 16).
 */
export function prefetchHomeStrings(address: Address, language: Language): Promise<void> {
  const account = storedHomeAccount(address);
  return account ? loadLaterMessages(language, ['screens', ...HOME_STRINGS[homeKindOf(account)]]) : Promise.resolve();
}

/**
 * Home's data asked for with the page's code (issue 16): a page opening at home with this tab's
 * session sends its home's queries before the first render instead of after the first commit (where
 * TanStack Query starts them), so home paints with its data. main.tsx calls it as soon as this
 * module has loaded, with the cache the app then renders with: not after the stored user's check,
 * which waits for zod's chunk (on a phone the data then came back after the code). Home as it opens
 * only: an address with a query (a patient's other tab) asks for other things.
 *
 * Only for a session this tab holds (a token and the stored user): a signed-out visitor, or a tab
 * that must first trade the refresh cookie, asks nothing here. The home is the one the stored acting
 * account sees, as HomePage decides, not the one this device remembers showing (which only picks
 * the code to download before the session is known). The account is read unchecked, as a hint:
 * what renders is decided by the checked session, and the server checks the token and the account
 * on every call; if the session turns out to be someone else's, the data provider empties the
 * cache. The calls go through the app's links: a stale token gets the tab's one re-authentication,
 * shared with every other call.
 */
export function prefetchHome(queryClient: QueryClient, address: Address): Promise<unknown> {
  const account = storedHomeAccount(address);
  if (!account) return Promise.resolve();
  const utils = queryUtils(queryClient);
  // Asked in one task, so they go out as one batch (httpBatchLink). Never rejects: a failed query
  // stays in the cache as failed, and its section asks again when it mounts.
  const asked: Promise<void>[] = [];
  const ask = <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  ): void => {
    asked.push(queryClient.prefetchQuery(options));
  };
  switch (homeKindOf(account)) {
    case 'clinician': {
      // As ClinicianHome shows its sections.
      const { physicianOrNurse, own } = clinicianScope(account);
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
      ask(homeQueries.enrolments(utils, account.id));
      break;
    }
    case 'other':
      break;
  }
  return Promise.all(asked);
}
