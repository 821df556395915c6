import {
  PATIENT_SORT_DEFAULT_DIRECTION,
  type PatientDetail,
  type PatientSort,
  type SortDirection,
  type TimelineEvent,
  type TimelinePage,
} from '@opencare/schemas/entities/patients';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../api/trpc';

export const PATIENTS_PAGE_SIZE = 20;
export const TIMELINE_PAGE_SIZE = 20;

/**
 * A page of the organisation's patients: one query per search, sort and page. The default sort (by
 * name) and a column's default direction are left out, so equal lists share one cache entry.
 */
export function patientListInput(query: {
  page: number;
  search: string;
  dateOfBirth: string;
  sort?: PatientSort;
  direction?: SortDirection;
}) {
  const sort = query.sort && query.sort !== 'name' ? query.sort : undefined;
  const column = query.sort ?? 'name';
  return {
    page: query.page,
    pageSize: PATIENTS_PAGE_SIZE,
    search: query.search || undefined,
    dateOfBirth: query.dateOfBirth || undefined,
    sort,
    direction:
      query.direction && query.direction !== PATIENT_SORT_DEFAULT_DIRECTION[column] ? query.direction : undefined,
  };
}

/** Every provider of the organisation (a clinic's providers fit on one page of 100). */
export const ALL_PROVIDERS = { page: 1, pageSize: 100 } as const;

/** Newest first, as the server pages them: by when it happened, then by id. */
function newestFirst(a: TimelineEvent, b: TimelineEvent): number {
  return Date.parse(b.at) - Date.parse(a.at) || Number(b.id) - Number(a.id);
}

/** The events of the loaded pages, each once, in timeline order (a live event may also be on a page). */
export function timelineItems(pages: readonly TimelinePage[]): TimelineEvent[] {
  const seen = new Set<string>();
  const items = pages.flatMap((page) => page.items).filter((e) => !seen.has(e.id) && (seen.add(e.id), true));
  return items.sort(newestFirst);
}

/**
 * The timeline's cache key: `patients.timeline`'s own, as an infinite query of the patient. The
 * procedure takes its cursor inside `query`, which `trpc…useInfiniteQuery` cannot page, so the pages
 * are fetched here through the same procedure and key (its invalidate reaches them).
 */
export function timelineKey(patientId: string) {
  return getQueryKey(trpc.patients.timeline, { id: patientId }, 'infinite');
}

type TimelineData = InfiniteData<TimelinePage, string | null>;

/** The timeline a page at a time: the newest page first, then `fetchNextPage` appends the next. */
export function useTimelineQuery(patientId: string) {
  const utils = trpc.useUtils();
  return useInfiniteQuery({
    queryKey: timelineKey(patientId),
    queryFn: ({ pageParam, signal }) =>
      utils.client.patients.timeline.query(
        { id: patientId, query: { limit: TIMELINE_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TimelinePage) => last.nextCursor,
  });
}

/** An event heard live joins the cached timeline's first page, once. False when it was already there. */
export function addTimelineEvent(
  data: TimelineData | undefined,
  event: TimelineEvent,
): TimelineData | undefined {
  if (!data || data.pages.some((page) => page.items.some((e) => e.id === event.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [event, ...first.items].sort(newestFirst) }, ...rest] };
}

/** Saving the care profile: the snapshot and the patient are asked for again. */
export function useUpdateCareMutation() {
  const utils = trpc.useUtils();
  return trpc.patients.updateCare.useMutation({
    onSuccess(updated: PatientDetail) {
      utils.patients.get.setData({ id: updated.accountId }, updated);
      void utils.patients.snapshot.invalidate({ id: updated.accountId });
      void utils.patients.list.invalidate();
    },
  });
}
