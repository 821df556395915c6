import type { Device } from '@opencare/schemas/entities/gateways';
import { deviceMeasurementSchema } from '@opencare/schemas/lookups';
import type { DeviceRow } from './devices.repository';

/** A device as patients, providers and its gateway see it. */
export function toDeviceDto(row: DeviceRow): Device {
  return {
    id: row.id,
    patientId: row.patientAccountId,
    gatewayId: row.gatewayId,
    gatewayName: row.gatewayName,
    address: row.address,
    name: row.name,
    profileId: row.profileId,
    profileName: row.profileName,
    // Devices are added only with a completed profile, which always has a measurement.
    measurement: deviceMeasurementSchema.catch('bp').parse(row.measurement),
    manufacturer: row.manufacturer,
    batteryLevel: row.batteryLevel,
    lastReadingAt: row.lastReadingAt?.toISOString() ?? null,
    addedAt: row.addedAt.toISOString(),
    userSlot: row.userSlot,
  };
}
