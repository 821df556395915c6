import type { Account } from '@opencare/schemas/entities/account';
import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import type { TrpcUtils } from '../../api/trpc';
import type { LaterNamespace } from '../../i18n/resources';
import { roleNumbersOf } from '../../session/acting-account';
import { addDays, firstDayOf, lastDayOf, type YearMonth } from '../../session/calendar-date';
import { startOfDay } from '../appointments/format';

export type HomeKind = 'patient' | 'clinician' | 'admin' | 'other';

/** Which home an account sees: the first of these roles it has decides. */
export function homeKindOf(account: Pick<Account, 'roles'>): HomeKind {
  const roles = roleNumbersOf(account);
  if (hasAnyRole(roles, ROUTE_ROLES.patient)) return 'patient';
  if (hasAnyRole(roles, ROUTE_ROLES.clinician)) return 'clinician';
  if (hasAnyRole(roles, ROUTE_ROLES.admin)) return 'admin';
  return 'other';
}

/**
 * The strings each home shows beyond the frame's, fetched beside its code (pages/home-page.tsx) and,
 * when a page opens at home, beside its data (home-prefetch.ts). The patient's first tab, the day's
 * tasks and their calendar, shows the measurements'; the clinician's waiting room card and alert
 * rows the visits' and patients'.
 */
export const HOME_STRINGS: Record<HomeKind, readonly LaterNamespace[]> = {
  patient: ['measurements'],
  clinician: ['visits', 'patients'],
  admin: [],
  other: [],
};

/**
 * What a clinician's home shows of the care team's work: physicians and nurses their own day, mail
 * and visits to complete; assistants the clinic's day (docs/access-control.md).
 */
export function clinicianScope(account: Pick<Account, 'id' | 'roles'>): { physicianOrNurse: boolean; own: string | undefined } {
  const physicianOrNurse = hasAnyRole(roleNumbersOf(account), ROUTE_ROLES.physicianOrNurse);
  return { physicianOrNurse, own: physicianOrNurse ? account.id : undefined };
}

/** The page of open alerts home chooses its most severe few from (the list comes newest first). */
const ALERTS_CHOSEN_FROM = 50;
/** A clinic's day is well under a page of 100 appointments. */
const DAY_PAGE_SIZE = 100;
/** The latest threads home lists; the mailbox has the rest. */
const HOME_THREADS = 4;
/** The visits to complete home lists; their page has the rest. */
const HOME_VISITS = 4;
/** The next few appointments, as home's appointments tab and the patient's "up next" read them (one cached query). */
export const NEXT_APPOINTMENTS = { when: 'upcoming', status: 'scheduled,confirmed,rescheduled', pageSize: 3 } as const;

/**
 * Home's data, each query declared once (issue 16): the section that shows it reads it
 * (`useQuery(homeQueries.x(trpc.useUtils(), …))`, adding only when to refresh), and a page opening at
 * home asks for it with the page's code, before the first render (home-prefetch.ts): the same key
 * and function, so the section finds the answer, or the request on its way, in the cache and asks
 * nothing again. Queries other screens share (the unread count, a patient's episodes) are here too.
 */
export const homeQueries = {
  // The clinician's home.
  openAlerts: (utils: TrpcUtils) =>
    utils.alerts.list.queryOptions({ status: 'open', page: 1, pageSize: ALERTS_CHOSEN_FROM }),
  behindOnReadings: (utils: TrpcUtils) => utils.adherence.behind.queryOptions(),
  /** `day` is YYYY-MM-DD, today as the device counts it. */
  todaysVisits: (utils: TrpcUtils, day: string, providerId: string | undefined) =>
    utils.appointments.list.queryOptions({
      from: startOfDay(day).toISOString(),
      to: startOfDay(addDays(day, 1)).toISOString(),
      providerId,
      pageSize: DAY_PAGE_SIZE,
    }),
  incompleteVisits: (utils: TrpcUtils, providerId: string) =>
    utils.visits.incomplete.queryOptions({ providerId, page: 1, pageSize: HOME_VISITS }),
  latestThreads: (utils: TrpcUtils) => utils.mail.threads.queryOptions({ page: 1, pageSize: HOME_THREADS }),
  waitingRoom: (utils: TrpcUtils) => utils.visits.waitingRoom.queryOptions(),
  /** The acting account's unread messages, also in the navigation. */
  unreadCount: (utils: TrpcUtils) => utils.mail.unreadCount.queryOptions(),
  // The admin's home.
  overview: (utils: TrpcUtils) => utils.organisations.overview.queryOptions(),
  // The patient's home, its first tab.
  /** A year's tasks of the patient (one request a year: the calendar marks every day of it). */
  yearTasks: (utils: TrpcUtils, year: string) => utils.tasks.daily.queryOptions({ date: `${year}-01-01` }),
  /**
   * The days of a month with an appointment. The calendar's highlights are a help, not the point of
   * it: a failure (or no such call) highlights none, and is not tried again.
   */
  appointmentDates: (utils: TrpcUtils, month: YearMonth) =>
    utils.appointments.dates.queryOptions({ from: firstDayOf(month), to: lastDayOf(month) }, { retry: false }),
  nextAppointments: (utils: TrpcUtils) => utils.appointments.list.queryOptions(NEXT_APPOINTMENTS),
  /** A patient's monitoring episodes, also on the clinician's patient page. */
  enrolments: (utils: TrpcUtils, patientId: string) => utils.enrolments.list.queryOptions({ patientId }),
};
