import { vendorSchema, type Vendor } from '@opencare/schemas/entities/devices';
import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import { ApiError, authedRequest, authedResponse } from '../../api/client';

/** The vendor calls of the admin screens (`/vendors`, spec §7); answers are checked with the shared schema. */

export interface VendorFieldsBody {
  vendorName?: string;
  address?: string;
  website?: string;
  contactPerson?: string;
  taxId?: string;
}

const vendorPath = (id: string) => `/vendors/${encodeURIComponent(id)}`;

export async function listVendors(
  query: { page?: number; pageSize?: number; search?: string } = {},
): Promise<{ items: Vendor[]; meta: ListMeta }> {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.search) params.set('search', query.search);
  const suffix = params.size > 0 ? `?${params.toString()}` : '';
  const { data, meta } = await authedResponse(`/vendors${suffix}`, { schema: vendorSchema.array() });
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

export function getVendor(id: string): Promise<Vendor> {
  return authedRequest(vendorPath(id), { schema: vendorSchema });
}

export function createVendor(body: VendorFieldsBody & { vendorName: string }): Promise<Vendor> {
  return authedRequest('/vendors', { method: 'POST', body, schema: vendorSchema });
}

export function updateVendor(id: string, body: VendorFieldsBody): Promise<Vendor> {
  return authedRequest(vendorPath(id), { method: 'PATCH', body, schema: vendorSchema });
}

export async function deleteVendor(id: string): Promise<void> {
  await authedRequest<null>(vendorPath(id), { method: 'DELETE' });
}

export type IdentifierKind = 'oui' | 'companyIdentifier';
const IDENTIFIER_PATHS: Record<IdentifierKind, string> = {
  oui: 'ouis',
  companyIdentifier: 'company-identifiers',
};

/** Add a Bluetooth vendor identifier (OUI, EA:E0:AA) or company identifier (0x0CA5). */
export function addIdentifier(id: string, kind: IdentifierKind, value: string): Promise<Vendor> {
  return authedRequest(`${vendorPath(id)}/${IDENTIFIER_PATHS[kind]}`, {
    method: 'POST',
    body: { [kind]: value },
    schema: vendorSchema,
  });
}

export function removeIdentifier(id: string, kind: IdentifierKind, value: string): Promise<Vendor> {
  return authedRequest(`${vendorPath(id)}/${IDENTIFIER_PATHS[kind]}/${encodeURIComponent(value)}`, {
    method: 'DELETE',
    schema: vendorSchema,
  });
}
