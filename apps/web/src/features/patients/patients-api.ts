import { analyticsSchema, type Analytics } from '@opencare/schemas/entities/analytics';
import {
  patientDetailSchema,
  patientListItemSchema,
  patientSnapshotSchema,
  providerListItemSchema,
  seriesSchema,
  timelinePageSchema,
  type PatientDetail,
  type PatientListItem,
  type PatientSnapshot,
  type ProviderListItem,
  type Series,
  type TimelinePage,
  type UpdatePatientCareInput,
} from '@opencare/schemas/entities/patients';
import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import { ApiError, authedRequest, authedResponse } from '../../api/client';

export const PATIENTS_PAGE_SIZE = 20;
export const TIMELINE_PAGE_SIZE = 20;

export interface PatientListQuery {
  page: number;
  /** A name or an MRN. */
  search?: string;
  dateOfBirth?: string;
}

export interface PatientPage {
  items: PatientListItem[];
  meta: ListMeta;
}

const encode = encodeURIComponent;

/** One page of the organisation's patients (`GET /patients/search`). */
export async function listPatients(query: PatientListQuery): Promise<PatientPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(PATIENTS_PAGE_SIZE) });
  if (query.search) params.set('search', query.search);
  if (query.dateOfBirth) params.set('dateOfBirth', query.dateOfBirth);
  const { data, meta } = await authedResponse(`/patients/search?${params.toString()}`, {
    schema: patientListItemSchema.array(),
  });
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

export function getPatientSnapshot(patientId: string): Promise<PatientSnapshot> {
  return authedRequest(`/patients/${encode(patientId)}/snapshot`, { schema: patientSnapshotSchema });
}

/** One measurement type over the last `days` days. */
export function getPatientSeries(
  patientId: string,
  type: string,
  days: number,
  now = new Date(),
): Promise<Series> {
  const from = new Date(now.getTime() - days * 86_400_000).toISOString();
  const params = new URLSearchParams({ type, from, to: now.toISOString() });
  return authedRequest(`/patients/${encode(patientId)}/series?${params.toString()}`, {
    schema: seriesSchema,
  });
}

export function getPatientTimeline(patientId: string, cursor?: string): Promise<TimelinePage> {
  const params = new URLSearchParams({ limit: String(TIMELINE_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return authedRequest(`/patients/${encode(patientId)}/timeline?${params.toString()}`, {
    schema: timelinePageSchema,
  });
}

export function updatePatientCare(patientId: string, input: UpdatePatientCareInput): Promise<PatientDetail> {
  return authedRequest(`/patients/${encode(patientId)}`, {
    method: 'PATCH',
    body: input,
    schema: patientDetailSchema,
  });
}

/** Every provider of the organisation (a clinic's providers fit on one page of 100). */
export function listAllProviders(): Promise<ProviderListItem[]> {
  return authedRequest('/providers?pageSize=100', { schema: providerListItemSchema.array() });
}

export function getAnalytics(period: { from: string; to: string }): Promise<Analytics> {
  const params = new URLSearchParams(period);
  return authedRequest(`/analytics?${params.toString()}`, { schema: analyticsSchema });
}
