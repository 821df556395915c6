import type { DeviceMeasurement } from '@opencare/schemas/lookups';
import type { Executor } from '../db/database';
import { builtInProfilesByMeasurement, insertDeviceProfile, insertVersion } from '../device-profiles/device-profiles.repository';
import { VENDOR_PROFILES } from '../device-profiles/vendor-profiles';
import { insertDevice } from '../devices/devices.repository';
import { assignGateway, insertPendingGateway } from '../gateways/gateways.repository';
import { gatewaySecretHash } from '../gateways/pairing-code';
import { insertVendor } from '../vendors/vendors.repository';

/**
 * The demo patient's home gateway: registered and assigned already, so `npm start` can run a
 * simulated agent for it (`gateway-agent pair` with this MAC and pairing code collects its token at
 * once). Demo mode only: this code is public, so the edge refuses it unless DEMO=true
 * (gateways.service.ts), even for a database that was seeded in demo mode. A real gateway registers
 * itself and is added by its patient with the code its agent made.
 */
export const DEMO_GATEWAY = { mac: 'DE40C0FFEE01', pairingCode: 'DEMOGATEWAY1', displayName: 'Living room gateway' } as const;

/** The gateway agent simulator's devices (apps/gateway-agent/src/ble/simulator.ts; a test there checks they match). */
export const DEMO_DEVICES: readonly { address: string; name: string; measurement: DeviceMeasurement }[] = [
  { address: 'C4:7C:8D:00:18:10', name: 'Blood pressure cuff', measurement: 'bp' },
  { address: 'C4:7C:8D:00:18:09', name: 'Thermometer', measurement: 'bt' },
  { address: 'C4:7C:8D:00:18:08', name: 'Glucose meter', measurement: 'bs' },
  { address: 'C4:7C:8D:00:18:1D', name: 'Scale', measurement: 'bw' },
  { address: 'C4:7C:8D:00:18:22', name: 'Pulse oximeter', measurement: 'ox' },
  { address: 'C4:7C:8D:00:EC:01', name: 'ECG chest strap', measurement: 'ecg' },
];

/** The vendor profiles (vendor-profiles.ts), each with its vendor, complete as version 1: measurement → profile id. */
async function seedVendorProfiles(db: Executor, organisationId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const { vendor, ...profile } of VENDOR_PROFILES) {
    const vendorId = await insertVendor(db, { organisationId, ...vendor });
    const profileId = await insertDeviceProfile(db, { ...profile, organisationId, vendorId, state: 'complete', version: 1 });
    await insertVersion(db, { ...profile, profileId, vendorId, version: 1, completedBy: null });
    ids.set(profile.measurement, profileId);
  }
  return ids;
}

export async function seedDemoGateway(db: Executor, organisationId: string, patientAccountId: string): Promise<void> {
  const gateway = await insertPendingGateway(db, {
    mac: DEMO_GATEWAY.mac,
    pairingCodeHash: gatewaySecretHash(DEMO_GATEWAY.pairingCode),
    displayName: DEMO_GATEWAY.displayName,
    info: { serial: null, model: null, os: null, bluetoothVersion: null, bluetoothAdapters: [], macAddress: [], publicIp: null, localIp: null, btAddress: null, version: null, nxwId: null },
  });
  if (!gateway) return;
  await assignGateway(db, gateway.id, { organisationId, patientAccountId, at: new Date() });
  const profiles = new Map([
    ...(await builtInProfilesByMeasurement(db, organisationId)),
    ...(await seedVendorProfiles(db, organisationId)),
  ]);
  for (const device of DEMO_DEVICES) {
    const profileId = profiles.get(device.measurement);
    if (profileId) await insertDevice(db, { organisationId, patientAccountId, gatewayId: gateway.id, address: device.address, name: device.name, profileId });
  }
}
