import {
  deviceTaskSchema,
  type DeviceProfile,
  type DeviceProfileListQuery,
  type DeviceProfileVersion,
  type DeviceTask,
  type UpdateDeviceProfileInput,
} from '@opencare/schemas/entities/devices';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { deviceMeasurementSchema } from '@opencare/schemas/lookups';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { gatewaysUsingProfile } from '../devices/devices.repository';
import { profileCompleted } from '../gateways/gateway-work';
import { findVendor } from '../vendors/vendors.repository';
import {
  bumpVersion,
  deleteDeviceProfileRow,
  findDeviceProfile,
  findDeviceProfileForUpdate,
  insertDeviceProfile,
  insertVersion,
  listDeviceProfiles as listDeviceProfileRows,
  listVersions,
  liveVersions,
  updateDeviceProfileRow,
  type DeviceProfileRow,
  type DeviceProfileVersionRow,
} from './device-profiles.repository';

/** Stored tasks were validated on the way in; anything unreadable is dropped rather than sent on. */
function readTasks(stored: unknown[]): DeviceTask[] {
  return stored.flatMap((task) => {
    const parsed = deviceTaskSchema.safeParse(task);
    return parsed.success ? [parsed.data] : [];
  });
}

function toDeviceProfileDto(row: DeviceProfileRow): DeviceProfile {
  return {
    id: row.id,
    profileName: row.profileName,
    vendorId: row.vendorId ?? undefined,
    measurement: deviceMeasurementSchema
      .optional()
      .catch(undefined)
      .parse(row.measurement ?? undefined),
    device: row.device ?? undefined,
    tasks: readTasks(row.tasks),
    state: row.state,
    version: row.version,
    builtIn: row.builtIn,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toVersionDto(row: DeviceProfileVersionRow): DeviceProfileVersion {
  return {
    profileId: row.profileId,
    version: row.version,
    profileName: row.profileName,
    vendorId: row.vendorId,
    // Only a profile with a measurement can be completed, so a version always has a valid one.
    measurement: deviceMeasurementSchema.parse(row.measurement),
    device: row.device,
    tasks: readTasks(row.tasks),
    completedAt: row.completedAt.toISOString(),
  };
}

async function profileFor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  action: string,
): Promise<DeviceProfileRow> {
  requireRouteRole(actor, 'admin');
  const row = await findDeviceProfile(deps.db, id);
  if (!row) throw new AppError('notFound');
  await authorize(deps, actor, meta, {
    action,
    resourceType: 'deviceProfile',
    resourceId: id,
    allowed: row.organisationId === actor.organisationId,
  });
  return row;
}

/** Built-in profiles are the same in every organisation and never change; a duplicate can. */
async function editableProfileFor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  action: string,
): Promise<DeviceProfileRow> {
  const row = await profileFor(deps, actor, meta, id, action);
  if (row.builtIn) throw new AppError('deviceProfileBuiltIn');
  return row;
}

/** A vendor named by a profile must be one of the organisation's. */
async function assertVendor(deps: Deps, actor: Actor, vendorId: string | null | undefined): Promise<void> {
  if (!vendorId) return;
  const vendor = await findVendor(deps.db, vendorId);
  if (!vendor || vendor.organisationId !== actor.organisationId) {
    throw new AppError('validationFailed', {
      fields: [{ field: 'vendorId', message: 'Choose one of your vendors.' }],
    });
  }
}

/** Gateways run only complete profiles: a vendor, a measurement, a device and at least one task. */
function assertCompletable(row: DeviceProfileRow): void {
  const tasks = readTasks(row.tasks);
  if (!row.vendorId || !row.measurement || !row.device || tasks.length === 0)
    throw new AppError('deviceProfileIncomplete');
}

/** Whether saving `input` over `row` would change anything gateways could run. */
function changes(row: DeviceProfileRow, input: UpdateDeviceProfileInput): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return (
    (input.profileName !== undefined && input.profileName !== row.profileName) ||
    (input.vendorId !== undefined && !same(input.vendorId, row.vendorId)) ||
    (input.measurement !== undefined && !same(input.measurement, row.measurement)) ||
    (input.device !== undefined && !same(input.device, row.device)) ||
    (input.tasks !== undefined && !same(input.tasks, readTasks(row.tasks)))
  );
}

export async function listDeviceProfiles(
  deps: Deps,
  actor: Actor,
  query: DeviceProfileListQuery,
): Promise<{ items: DeviceProfile[]; meta: ListMeta }> {
  requireRouteRole(actor, 'admin');
  const { rows, total } = await listDeviceProfileRows(
    deps.db,
    actor.organisationId,
    query.state,
    query.page,
    query.pageSize,
  );
  return { items: rows.map(toDeviceProfileDto), meta: listMeta(total, query.page, query.pageSize) };
}

/** A new profile starts as a draft, however little it holds: the builder saves as it goes. */
export async function createDeviceProfile(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: {
    profileName: string;
    vendorId?: string;
    measurement?: string;
    device?: string;
    tasks: DeviceTask[];
  },
): Promise<DeviceProfile> {
  requireRouteRole(actor, 'admin');
  await assertVendor(deps, actor, input.vendorId);
  const id = await insertDeviceProfile(deps.db, {
    ...input,
    organisationId: actor.organisationId,
    state: 'draft',
  });
  await authorize(deps, actor, meta, {
    action: 'deviceProfiles.create',
    resourceType: 'deviceProfile',
    resourceId: id,
    allowed: true,
  });
  return getDeviceProfile(deps, actor, meta, id);
}

export async function getDeviceProfile(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<DeviceProfile> {
  return toDeviceProfileDto(await profileFor(deps, actor, meta, id, 'deviceProfiles.read'));
}

/**
 * Save the working copy. Editing a complete profile makes it a draft again, while its last
 * completed version stays what gateways receive until the draft is completed as the next one.
 * A save that changes nothing (the builder's auto-save, say) leaves a complete profile complete.
 */
export async function updateDeviceProfile(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: UpdateDeviceProfileInput,
): Promise<DeviceProfile> {
  const row = await editableProfileFor(deps, actor, meta, id, 'deviceProfiles.update');
  await assertVendor(deps, actor, input.vendorId);
  if (changes(row, input)) await updateDeviceProfileRow(deps.db, id, { ...input, state: 'draft' });
  return getDeviceProfile(deps, actor, meta, id);
}

/**
 * Complete the working copy as the next version, and keep that version as it is now: gateways
 * receive the snapshot, never the working copy an admin may be editing.
 */
export async function completeDeviceProfile(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<DeviceProfile> {
  await editableProfileFor(deps, actor, meta, id, 'deviceProfiles.complete');
  await deps.db.transaction(async (tx) => {
    // Locked, so two admins completing at once make two versions, not one version twice.
    const row = await findDeviceProfileForUpdate(tx, id);
    if (!row) throw new AppError('notFound');
    assertCompletable(row);
    const version = await bumpVersion(tx, id);
    await insertVersion(tx, {
      profileId: id,
      version,
      profileName: row.profileName,
      vendorId: row.vendorId,
      measurement: row.measurement ?? '',
      device: row.device ?? '',
      tasks: readTasks(row.tasks),
      completedBy: actor.userId,
    });
  });
  // The gateways whose devices run this profile get the new version now (once it committed).
  await profileCompleted(deps, id);
  return getDeviceProfile(deps, actor, meta, id);
}

/** An editable draft copy of any profile, built-in ones included: the way to customise those. */
export async function duplicateDeviceProfile(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<DeviceProfile> {
  const source = await profileFor(deps, actor, meta, id, 'deviceProfiles.duplicate');
  const copyId = await insertDeviceProfile(deps.db, {
    organisationId: actor.organisationId,
    profileName: `${source.profileName.slice(0, 93)} (copy)`,
    vendorId: source.vendorId,
    measurement: source.measurement,
    device: source.device,
    tasks: readTasks(source.tasks),
    state: 'draft',
  });
  await authorize(deps, actor, meta, {
    action: 'deviceProfiles.create',
    resourceType: 'deviceProfile',
    resourceId: copyId,
    allowed: true,
  });
  return getDeviceProfile(deps, actor, meta, copyId);
}

export async function deleteDeviceProfile(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<void> {
  await editableProfileFor(deps, actor, meta, id, 'deviceProfiles.delete');
  // Gateways read patients' devices with it: deleting it would leave them nothing to run.
  if ((await gatewaysUsingProfile(deps.db, id)).length > 0) throw new AppError('deviceProfileInUse');
  await deleteDeviceProfileRow(deps.db, id);
}

/** A profile's completed versions, newest first. */
export async function listDeviceProfileVersions(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<DeviceProfileVersion[]> {
  await profileFor(deps, actor, meta, id, 'deviceProfiles.versions.read');
  return (await listVersions(deps.db, id)).map(toVersionDto);
}

/**
 * What the organisation's gateways run: the live (last completed) version of each profile, built-in
 * ones included; drafts never. Gateways authenticate as themselves, so there is no actor here: the
 * gateway channel decides which organisation it speaks for.
 */
export async function publishedDeviceProfiles(
  deps: Pick<Deps, 'db'>,
  organisationId: string,
): Promise<DeviceProfileVersion[]> {
  return (await liveVersions(deps.db, organisationId)).map(toVersionDto);
}
