import { randomUUID } from 'node:crypto';
import { BUILT_IN_PROFILES } from '@opencare/api/device-profiles/built-in-profiles';
import { VENDOR_PROFILES } from '@opencare/api/device-profiles/vendor-profiles';
import type { DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import type { Device } from '@opencare/schemas/entities/gateways';
import type { GatewayWork } from '@opencare/schemas/gateway-events';
import type { DeviceMeasurement } from '@opencare/schemas/lookups';
import { SIMULATED_DEVICES } from '../../ble/simulator';

/**
 * The five built-in SIG profiles and the demo's vendor profiles (the ECG strap's) as the edge hands
 * them to gateways: completed version 1 each.
 */
export function builtInVersions(): DeviceProfileVersion[] {
  return [...BUILT_IN_PROFILES, ...VENDOR_PROFILES].map((profile) => ({
    profileId: randomUUID(),
    version: 1,
    profileName: profile.profileName,
    vendorId: 'vendor' in profile ? randomUUID() : null,
    measurement: profile.measurement,
    device: profile.device,
    tasks: profile.tasks,
    completedAt: new Date().toISOString(),
  }));
}

export function versionFor(measurement: DeviceMeasurement, versions = builtInVersions()): DeviceProfileVersion {
  const version = versions.find((v) => v.measurement === measurement);
  if (!version) throw new Error(`No built-in profile for ${measurement}`);
  return version;
}

/** A gateway's work with every simulated device paired to the built-in profile of its measurement. */
export function simulatedWork(versions = builtInVersions()): GatewayWork {
  const gatewayId = randomUUID();
  const patientId = randomUUID();
  const devices: Device[] = SIMULATED_DEVICES.map((simulated) => {
    const profile = versionFor(simulated.measurement, versions);
    return {
      id: randomUUID(),
      patientId,
      gatewayId,
      gatewayName: 'Test gateway',
      address: simulated.address,
      name: simulated.name,
      profileId: profile.profileId,
      profileName: profile.profileName,
      measurement: simulated.measurement,
      manufacturer: null,
      batteryLevel: null,
      lastReadingAt: null,
      addedAt: new Date().toISOString(),
      userSlot: null,
    };
  });
  return { gatewayId, devices, profiles: versions };
}
