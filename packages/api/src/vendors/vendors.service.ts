import type { Vendor, VendorListQuery } from '@opencare/schemas/entities/devices';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import {
  deleteIdentifier,
  deleteVendor as deleteVendorRow,
  findVendor,
  identifiersOf,
  insertIdentifier,
  insertVendor,
  listVendors as listVendorRows,
  updateVendor as updateVendorRow,
  type VendorRow,
} from './vendors.repository';

export interface VendorFields {
  vendorName?: string;
  address?: string;
  website?: string;
  contactPerson?: string;
  taxId?: string;
}
export type IdentifierKind = 'oui' | 'company';

/** A blank optional field is stored as nothing, so an admin can clear what was filled in. */
function blanksCleared(input: VendorFields) {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value === '' ? null : value]));
}

async function toVendorDtos(deps: Deps, rows: VendorRow[]): Promise<Vendor[]> {
  const identifiers = await identifiersOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    vendorName: row.vendorName,
    address: row.address ?? undefined,
    website: row.website ?? undefined,
    contactPerson: row.contactPerson ?? undefined,
    taxId: row.taxId ?? undefined,
    ouis: identifiers.filter((i) => i.vendorId === row.id && i.kind === 'oui').map((i) => i.value),
    companyIdentifiers: identifiers
      .filter((i) => i.vendorId === row.id && i.kind === 'company')
      .map((i) => i.value),
  }));
}

async function toVendorDto(deps: Deps, row: VendorRow): Promise<Vendor> {
  const [dto] = await toVendorDtos(deps, [row]);
  if (!dto) throw new AppError('notFound');
  return dto;
}

/** Vendors belong to the admin's organisation; anyone else's is not there. */
async function vendorFor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  action: string,
): Promise<VendorRow> {
  requireRouteRole(actor, 'admin');
  const row = await findVendor(deps.db, id);
  if (!row) throw new AppError('notFound');
  await authorize(deps, actor, meta, {
    action,
    resourceType: 'vendor',
    resourceId: id,
    allowed: row.organisationId === actor.organisationId,
  });
  return row;
}

export async function listVendors(
  deps: Deps,
  actor: Actor,
  query: VendorListQuery,
): Promise<{ items: Vendor[]; meta: ListMeta }> {
  requireRouteRole(actor, 'admin');
  const { rows, total } = await listVendorRows(
    deps.db,
    actor.organisationId,
    query.search,
    query.page,
    query.pageSize,
  );
  return { items: await toVendorDtos(deps, rows), meta: listMeta(total, query.page, query.pageSize) };
}

export async function createVendor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: VendorFields & { vendorName: string },
): Promise<Vendor> {
  requireRouteRole(actor, 'admin');
  const id = await insertVendor(deps.db, {
    ...blanksCleared(input),
    vendorName: input.vendorName,
    organisationId: actor.organisationId,
  });
  await authorize(deps, actor, meta, {
    action: 'vendors.create',
    resourceType: 'vendor',
    resourceId: id,
    allowed: true,
  });
  return getVendor(deps, actor, meta, id);
}

export async function getVendor(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Vendor> {
  return toVendorDto(deps, await vendorFor(deps, actor, meta, id, 'vendors.read'));
}

export async function updateVendor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: VendorFields,
): Promise<Vendor> {
  await vendorFor(deps, actor, meta, id, 'vendors.update');
  await updateVendorRow(deps.db, id, blanksCleared(input));
  return getVendor(deps, actor, meta, id);
}

/** Device profiles of a deleted vendor keep their tasks and lose only the vendor link. */
export async function deleteVendor(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<void> {
  await vendorFor(deps, actor, meta, id, 'vendors.delete');
  await deleteVendorRow(deps.db, id);
}

export async function addIdentifier(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  kind: IdentifierKind,
  value: string,
): Promise<Vendor> {
  const vendor = await vendorFor(deps, actor, meta, id, 'vendors.identifier.add');
  if (
    !(await insertIdentifier(deps.db, { organisationId: vendor.organisationId, vendorId: id, kind, value }))
  ) {
    throw new AppError('vendorIdentifierTaken');
  }
  return toVendorDto(deps, vendor);
}

export async function removeIdentifier(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  kind: IdentifierKind,
  value: string,
): Promise<Vendor> {
  const vendor = await vendorFor(deps, actor, meta, id, 'vendors.identifier.remove');
  if (!(await deleteIdentifier(deps.db, id, kind, value))) throw new AppError('notFound');
  return toVendorDto(deps, vendor);
}
