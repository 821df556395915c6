import type { Measurement, MeasurementType } from '@opencare/schemas/entities/measurements';
import type { ListMeta } from '@opencare/schemas/envelope';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../api/trpc';

export const HISTORY_PAGE_SIZE = 10;

interface MeasurementPage {
  items: Measurement[];
  meta: ListMeta;
}

/**
 * The signed-in patient's readings, newest first, of one type or all, a page at a time ("more"
 * appends the next). `measurements.list` pages by number, which `trpc…useInfiniteQuery` cannot, so
 * the pages are fetched here through the procedure under its own key (its invalidate reaches them).
 */
export function useMeasurementHistory(type: MeasurementType | null, patient?: string) {
  const utils = trpc.useUtils();
  // Without `patient`, the signed-in patient's own; a caregiver names the person they care for.
  const filter = { ...(type ? { type } : {}), ...(patient ? { patient } : {}) };
  return useInfiniteQuery({
    queryKey: getQueryKey(trpc.measurements.list, { ...filter, pageSize: HISTORY_PAGE_SIZE }, 'infinite'),
    queryFn: ({ pageParam, signal }) =>
      utils.client.measurements.list.query(
        { ...filter, page: pageParam, pageSize: HISTORY_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: MeasurementPage) => (last.meta.hasNextPage ? last.meta.page + 1 : undefined),
  });
}

/** A new reading: the history shows it, and the daily tasks it may complete are asked for again. */
export function useRecordMeasurementMutation() {
  const utils = trpc.useUtils();
  return trpc.measurements.record.useMutation({
    onSuccess() {
      void utils.measurements.list.invalidate();
      void utils.patients.series.invalidate();
      void utils.tasks.invalidate();
    },
  });
}
