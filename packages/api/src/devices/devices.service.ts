import type { DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import type { AddDeviceInput, Device, UpdateDeviceInput } from '@opencare/schemas/entities/gateways';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { findDeviceProfile } from '../device-profiles/device-profiles.repository';
import { publishedDeviceProfiles } from '../device-profiles/device-profiles.service';
import { AppError } from '../errors/app-error';
import { workChanged } from '../gateways/gateway-work';
import { ownGateway } from '../gateways/gateways.service';
import { patientFor } from '../patients/patient-access';
import { toDeviceDto } from './device.dto';
import {
  deleteDeviceRow,
  findDevice,
  findDeviceAt,
  insertDevice,
  listDevicesOfPatient,
  changeDevice,
  setDeviceState,
  type DeviceRow,
} from './devices.repository';

const isUniqueViolation = (error: unknown) =>
  String(
    (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code,
  ) === '23505';

export async function listMyDevices(deps: Deps, actor: Actor, meta: RequestMeta): Promise<Device[]> {
  requireRouteRole(actor, 'patient');
  return listPatientDevices(deps, actor, meta, actor.accountId);
}

/** The patient themself, or the clinicians who may read the patient's record (audited). */
export async function listPatientDevices(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
): Promise<Device[]> {
  await patientFor(deps, actor, meta, patientId, 'devices.list');
  return (await listDevicesOfPatient(deps.db, patientId)).map(toDeviceDto);
}

/** The completed profiles of the caller's organisation: what a new device can be read with. */
export async function deviceProfilesForDevices(deps: Deps, actor: Actor): Promise<DeviceProfileVersion[]> {
  return publishedDeviceProfiles(deps, actor.organisationId);
}

/** A patient pairs a device they have near one of their gateways, read with a completed profile. */
export async function addDevice(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: AddDeviceInput,
): Promise<Device> {
  const gateway = await ownGateway(deps, actor, meta, input.gatewayId, 'devices.add');
  const profile = await findDeviceProfile(deps.db, input.profileId);
  if (!profile || profile.organisationId !== gateway.organisationId || profile.version === 0) {
    throw new AppError('validationFailed', {
      fields: [{ field: 'profileId', message: 'Choose a completed device profile.' }],
    });
  }
  if (await findDeviceAt(deps.db, gateway.id, input.address)) throw new AppError('deviceAlreadyPaired');
  const id = await insertDevice(deps.db, {
    organisationId: profile.organisationId,
    patientAccountId: gateway.patientAccountId,
    gatewayId: gateway.id,
    address: input.address,
    name: input.name,
    profileId: profile.id,
    userSlot: input.userSlot ?? null,
  }).catch((error: unknown) => {
    // The same address added twice at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw new AppError('deviceAlreadyPaired');
    throw error;
  });
  await audit(deps.db, actor, meta, {
    action: 'devices.add',
    resourceType: 'device',
    resourceId: id,
    outcome: 'allowed',
  });
  await workChanged(deps, gateway.id);
  return toDeviceDto(await deviceRow(deps, id));
}

async function deviceRow(deps: Deps, id: string): Promise<DeviceRow> {
  const row = await findDevice(deps.db, id);
  if (!row) throw new AppError('notFound');
  return row;
}

async function ownDevice(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  action: string,
): Promise<DeviceRow> {
  const row = await deviceRow(deps, id);
  await authorize(deps, actor, meta, {
    action,
    resourceType: 'device',
    resourceId: id,
    allowed: row.patientAccountId === actor.accountId,
  });
  return row;
}

export async function getDevice(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Device> {
  const row = await deviceRow(deps, id);
  await patientFor(deps, actor, meta, row.patientAccountId, 'devices.read');
  return toDeviceDto(row);
}

export async function updateDevice(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: UpdateDeviceInput,
): Promise<Device> {
  const row = await ownDevice(deps, actor, meta, id, 'devices.update');
  // The user number changes which of the meter's readings are the patient's from the next upload on;
  // readings held before stay as they were judged.
  await changeDevice(deps.db, id, input);
  await workChanged(deps, row.gatewayId);
  return toDeviceDto(await deviceRow(deps, id));
}

export async function deleteDevice(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<void> {
  const row = await ownDevice(deps, actor, meta, id, 'devices.delete');
  await deleteDeviceRow(deps.db, id);
  // The device row is gone: the log itself keeps whose record lost it (issue 15, audit).
  await audit(deps.db, actor, meta, { action: 'devices.delete', resourceType: 'patient', resourceId: row.patientAccountId, outcome: 'allowed' });
  await workChanged(deps, row.gatewayId);
}

/** What a device's start and end tasks read (maker, battery), reported by its gateway. */
export async function recordDeviceState(
  deps: Pick<Deps, 'db'>,
  gatewayId: string,
  state: { deviceId: string; manufacturer?: string | null; batteryLevel?: number | null },
): Promise<{ deviceId: string }> {
  const found = await setDeviceState(deps.db, state.deviceId, gatewayId, state);
  if (!found) throw new AppError('notFound');
  return { deviceId: state.deviceId };
}

/**
 * The patient a gateway's device streams a live ECG for: the device must be on this gateway, and so
 * be its patient's (a gateway's devices go with its assignment). Anything else is notFound.
 */
export async function streamingDevicePatient(
  deps: Pick<Deps, 'db'>,
  gatewayId: string,
  deviceId: string,
): Promise<{ patientId: string }> {
  const device = await findDevice(deps.db, deviceId);
  if (!device || device.gatewayId !== gatewayId) throw new AppError('notFound');
  return { patientId: device.patientAccountId };
}
