import type { Alert } from '@opencare/schemas/entities/measurements';
import { trpc } from '../../api/trpc';

export const ALERTS_PAGE_SIZE = 20;

/** The inbox shows what still waits for the care team, or what it has already seen. */
export const ALERT_STATUSES = ['open', 'acknowledged'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The navigation's count of open alerts: a page of one, whose meta holds the total. */
export const OPEN_ALERT_COUNT = { status: 'open', page: 1, pageSize: 1 } as const;

/** Acknowledging an alert: cached lists show it marked where it is, and the open count is fetched again. */
export function useAcknowledgeMutation() {
  const utils = trpc.useUtils();
  return trpc.alerts.acknowledge.useMutation({
    onSuccess(updated: Alert) {
      utils.alerts.list.setQueriesData({}, {}, (list) =>
        list && { ...list, items: list.items.map((item) => (item.id === updated.id ? updated : item)) },
      );
      void utils.alerts.list.invalidate(OPEN_ALERT_COUNT);
    },
  });
}
