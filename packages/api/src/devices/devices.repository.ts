import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { deviceProfiles, devices, gateways } from '../db/schema';

const columns = {
  id: devices.id,
  organisationId: devices.organisationId,
  patientAccountId: devices.patientAccountId,
  gatewayId: devices.gatewayId,
  gatewayName: gateways.displayName,
  address: devices.address,
  name: devices.name,
  profileId: devices.profileId,
  profileName: deviceProfiles.profileName,
  measurement: deviceProfiles.measurement,
  manufacturer: devices.manufacturer,
  batteryLevel: devices.batteryLevel,
  lastReadingAt: devices.lastReadingAt,
  addedAt: devices.addedAt,
  userSlot: devices.userSlot,
};
export type DeviceRow = NonNullable<Awaited<ReturnType<typeof findDevice>>>;

function selectDevices(db: Executor) {
  return db
    .select(columns)
    .from(devices)
    .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
    .innerJoin(deviceProfiles, eq(deviceProfiles.id, devices.profileId))
    .$dynamic();
}

export async function findDevice(db: Executor, id: string) {
  const [row] = await db
    .select(columns)
    .from(devices)
    .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
    .innerJoin(deviceProfiles, eq(deviceProfiles.id, devices.profileId))
    .where(eq(devices.id, id));
  return row;
}

export function listDevicesOfPatient(db: Executor, patientAccountId: string): Promise<DeviceRow[]> {
  return selectDevices(db)
    .where(eq(devices.patientAccountId, patientAccountId))
    .orderBy(asc(devices.addedAt), asc(devices.id));
}

export function listDevicesOfGateway(db: Executor, gatewayId: string): Promise<DeviceRow[]> {
  return selectDevices(db)
    .where(eq(devices.gatewayId, gatewayId))
    .orderBy(asc(devices.addedAt), asc(devices.id));
}

/** The gateways with a device that runs one of these profiles. */
export async function gatewaysUsingProfile(db: Executor, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ gatewayId: devices.gatewayId })
    .from(devices)
    .where(eq(devices.profileId, profileId));
  return [...new Set(rows.map((r) => r.gatewayId))];
}

export async function findDeviceAt(
  db: Executor,
  gatewayId: string,
  address: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.gatewayId, gatewayId), eq(devices.address, address)));
  return row?.id;
}

export async function insertDevice(
  db: Executor,
  values: {
    organisationId: string;
    patientAccountId: string;
    gatewayId: string;
    address: string;
    name: string;
    profileId: string;
    userSlot?: number | null;
  },
): Promise<string> {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  if (!row) throw new Error('device insert returned nothing');
  return row.id;
}

/** A new name and/or user number (null clears it); a value not given is left as it was. */
export async function changeDevice(db: Executor, id: string, changes: { name?: string; userSlot?: number | null }): Promise<void> {
  const set = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.userSlot !== undefined ? { userSlot: changes.userSlot } : {}),
  };
  if (Object.keys(set).length > 0) await db.update(devices).set(set).where(eq(devices.id, id));
}

export async function deleteDeviceRow(db: Executor, id: string): Promise<void> {
  await db.delete(devices).where(eq(devices.id, id));
}

export async function deleteDevicesOfGateway(db: Executor, gatewayId: string): Promise<void> {
  await db.delete(devices).where(eq(devices.gatewayId, gatewayId));
}

/** What a device's start and end tasks read; a value not sent is left as it was. */
export async function setDeviceState(
  db: Executor,
  id: string,
  gatewayId: string,
  values: { manufacturer?: string | null; batteryLevel?: number | null },
): Promise<boolean> {
  const set = {
    ...(values.manufacturer !== undefined ? { manufacturer: values.manufacturer } : {}),
    ...(values.batteryLevel !== undefined ? { batteryLevel: values.batteryLevel } : {}),
  };
  const where = and(eq(devices.id, id), eq(devices.gatewayId, gatewayId));
  if (Object.keys(set).length === 0) {
    const [row] = await db.select({ id: devices.id }).from(devices).where(where);
    return row !== undefined;
  }
  const rows = await db.update(devices).set(set).where(where).returning({ id: devices.id });
  return rows.length > 0;
}

/** The latest reading time of each device, never moved back by a late upload of an older one. */
export async function noteReadings(db: Executor, takenAt: Map<string, Date>): Promise<void> {
  for (const [id, at] of takenAt) {
    await db
      .update(devices)
      .set({
        lastReadingAt: sql`greatest(coalesce(${devices.lastReadingAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(devices.id, id));
  }
}

/** The devices of a gateway among these ids, for checking an upload's batch at once. */
export function devicesOfGatewayIn(db: Executor, gatewayId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: devices.id,
      patientAccountId: devices.patientAccountId,
      measurement: deviceProfiles.measurement,
      userSlot: devices.userSlot,
    })
    .from(devices)
    .innerJoin(deviceProfiles, eq(deviceProfiles.id, devices.profileId))
    .where(and(eq(devices.gatewayId, gatewayId), inArray(devices.id, ids)));
}
