import { patientListItemSchema, type PatientListItem } from '@opencare/schemas/entities/patients';
import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import { ApiError, authedResponse } from '../../api/client';
import { PATIENTS_PAGE_SIZE } from './patient-queries';

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

// still used by features/appointments until it moves to tRPC
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
