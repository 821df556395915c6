import { alertSchema, type Alert } from '@opencare/schemas/entities/measurements';
import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import { ApiError, authedRequest, authedResponse } from '../../api/client';

export const ALERTS_PAGE_SIZE = 20;

/** The inbox shows what still waits for the care team, or what it has already seen. */
export const ALERT_STATUSES = ['open', 'acknowledged'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export interface AlertQuery {
  status: AlertStatus;
  page: number;
  /** One patient's alerts only. */
  patient?: string;
  pageSize?: number;
}

export interface AlertPage {
  items: Alert[];
  meta: ListMeta;
}

const alertListSchema = alertSchema.array();

/** One page of the organisation's alerts (`GET /alerts`), newest first. */
export async function listAlerts(query: AlertQuery): Promise<AlertPage> {
  const params = new URLSearchParams({
    status: query.status,
    page: String(query.page),
    pageSize: String(query.pageSize ?? ALERTS_PAGE_SIZE),
  });
  if (query.patient) params.set('patient', query.patient);
  const { data, meta } = await authedResponse(`/alerts?${params.toString()}`, { schema: alertListSchema });
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

/** How many alerts are open: a page of one is enough, the count is in its meta. */
export async function countOpenAlerts(): Promise<number> {
  const { meta } = await listAlerts({ status: 'open', page: 1, pageSize: 1 });
  return meta.total;
}

/** The care team has seen it; acknowledging twice keeps the first acknowledgement. */
export function acknowledgeAlert(id: string): Promise<Alert> {
  return authedRequest(`/alerts/${encodeURIComponent(id)}/acknowledge`, {
    method: 'PATCH',
    schema: alertSchema,
  });
}
