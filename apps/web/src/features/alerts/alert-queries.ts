import type { Alert } from '@opencare/schemas/entities/measurements';
import { trpc } from '../../api/trpc';

export const ALERTS_PAGE_SIZE = 20;

/** The inbox shows what still waits for the care team, what it has seen, or what it has closed. */
export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The navigation's count of open alerts: a page of one, whose meta holds the total. */
export const OPEN_ALERT_COUNT = { status: 'open', page: 1, pageSize: 1 } as const;

/** After a change: cached lists show the changed alerts where they are, and the open count is fetched again. */
function useReplaceAlerts() {
  const utils = trpc.useUtils();
  return (updated: Alert[]) => {
    const byId = new Map(updated.map((alert) => [alert.id, alert]));
    utils.alerts.list.setQueriesData({}, {}, (list) => list && { ...list, items: list.items.map((item) => byId.get(item.id) ?? item) });
    void utils.alerts.list.invalidate(OPEN_ALERT_COUNT);
  };
}

export function useAcknowledgeMutation() {
  const replace = useReplaceAlerts();
  return trpc.alerts.acknowledge.useMutation({ onSuccess: (updated: Alert) => replace([updated]) });
}

export function useAcknowledgeManyMutation() {
  const replace = useReplaceAlerts();
  return trpc.alerts.acknowledgeMany.useMutation({ onSuccess: (updated: Alert[]) => replace(updated) });
}

export function useAssignMutation() {
  const replace = useReplaceAlerts();
  return trpc.alerts.assign.useMutation({ onSuccess: (updated: Alert) => replace([updated]) });
}

export function useResolveMutation() {
  const replace = useReplaceAlerts();
  return trpc.alerts.resolve.useMutation({ onSuccess: (updated: Alert) => replace([updated]) });
}
