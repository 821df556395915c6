import {
  deviceTaskSchema,
  type DeviceProfile,
  type DeviceProfileListQuery,
  type DeviceTask,
  type UpdateDeviceProfileInput,
} from '@opencare/schemas/entities/devices';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { measurementCodeSchema } from '@opencare/schemas/lookups';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { findVendor } from '../vendors/vendors.repository';
import {
  deleteDeviceProfileRow,
  findDeviceProfile,
  insertDeviceProfile,
  listDeviceProfiles as listDeviceProfileRows,
  updateDeviceProfileRow,
  type DeviceProfileRow,
} from './device-profiles.repository';

function toDeviceProfileDto(row: DeviceProfileRow): DeviceProfile {
  return {
    id: row.id,
    profileName: row.profileName,
    vendorId: row.vendorId ?? undefined,
    measurement: measurementCodeSchema.optional().catch(undefined).parse(row.measurement ?? undefined),
    device: row.device ?? undefined,
    // Stored tasks were validated on the way in; anything unreadable is dropped rather than sent on.
    tasks: row.tasks.flatMap((task) => {
      const parsed = deviceTaskSchema.safeParse(task);
      return parsed.success ? [parsed.data] : [];
    }),
    state: row.state,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function profileFor(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string): Promise<DeviceProfileRow> {
  requireRouteRole(actor, 'admin');
  const row = await findDeviceProfile(deps.db, id);
  if (!row) throw new AppError('notFound');
  await authorize(deps, actor, meta, { action, resourceType: 'deviceProfile', resourceId: id, allowed: row.organisationId === actor.organisationId });
  return row;
}

/** A vendor named by a profile must be one of the organisation's. */
async function assertVendor(deps: Deps, actor: Actor, vendorId: string | null | undefined): Promise<void> {
  if (!vendorId) return;
  const vendor = await findVendor(deps.db, vendorId);
  if (!vendor || vendor.organisationId !== actor.organisationId) {
    throw new AppError('validationFailed', { fields: [{ field: 'vendorId', message: 'Choose one of your vendors.' }] });
  }
}

/** Gateways run only complete profiles: a vendor, a measurement, a device and at least one task. */
function assertCompletable(row: DeviceProfileRow): void {
  const tasks = toDeviceProfileDto(row).tasks;
  if (!row.vendorId || !row.measurement || !row.device || tasks.length === 0) throw new AppError('deviceProfileIncomplete');
}

export async function listDeviceProfiles(deps: Deps, actor: Actor, query: DeviceProfileListQuery): Promise<{ items: DeviceProfile[]; meta: ListMeta }> {
  requireRouteRole(actor, 'admin');
  const { rows, total } = await listDeviceProfileRows(deps.db, actor.organisationId, query.state, query.page, query.pageSize);
  return { items: rows.map(toDeviceProfileDto), meta: listMeta(total, query.page, query.pageSize) };
}

/** A new profile starts as a draft, however little it holds: the builder saves as it goes. */
export async function createDeviceProfile(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: { profileName: string; vendorId?: string; measurement?: string; device?: string; tasks: DeviceTask[] },
): Promise<DeviceProfile> {
  requireRouteRole(actor, 'admin');
  await assertVendor(deps, actor, input.vendorId);
  const id = await insertDeviceProfile(deps.db, { ...input, organisationId: actor.organisationId, state: 'draft' });
  await authorize(deps, actor, meta, { action: 'deviceProfiles.create', resourceType: 'deviceProfile', resourceId: id, allowed: true });
  return getDeviceProfile(deps, actor, meta, id);
}

export async function getDeviceProfile(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<DeviceProfile> {
  return toDeviceProfileDto(await profileFor(deps, actor, meta, id, 'deviceProfiles.read'));
}

/** Saving a complete profile re-checks it, so a gateway never receives a broken workflow. */
export async function updateDeviceProfile(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: UpdateDeviceProfileInput,
): Promise<DeviceProfile> {
  const row = await profileFor(deps, actor, meta, id, 'deviceProfiles.update');
  await assertVendor(deps, actor, input.vendorId);
  if (row.state === 'complete') assertCompletable({ ...row, ...input });
  await updateDeviceProfileRow(deps.db, id, input);
  return getDeviceProfile(deps, actor, meta, id);
}

export async function completeDeviceProfile(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<DeviceProfile> {
  const row = await profileFor(deps, actor, meta, id, 'deviceProfiles.complete');
  assertCompletable(row);
  await updateDeviceProfileRow(deps.db, id, { state: 'complete' });
  return getDeviceProfile(deps, actor, meta, id);
}

export async function deleteDeviceProfile(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<void> {
  await profileFor(deps, actor, meta, id, 'deviceProfiles.delete');
  await deleteDeviceProfileRow(deps.db, id);
}
