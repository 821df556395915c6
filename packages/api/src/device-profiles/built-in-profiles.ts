import type { DeviceTask } from '@opencare/schemas/entities/devices';
import type { MeasurementCode } from '@opencare/schemas/lookups';
import type { Executor } from '../db/database';
import {
  builtInProfileNames,
  insertDeviceProfile,
  insertVersion,
  lockBuiltInsOf,
  organisationsMissingBuiltIns,
} from './device-profiles.repository';

/**
 * The Bluetooth SIG health-service profiles every organisation starts with. They name no vendor:
 * any device exposing the standard service can run them. Each is complete as version 1 and
 * read-only; an admin who needs a variation duplicates one into an editable draft.
 *
 * Every workflow has the same shape. start: read the manufacturer name (Device Information 0x180A,
 * 0x2A29) so the reading records which device took it. task: subscribe to the measurement through
 * its Client Characteristic Configuration descriptor (0x2902), with the property the SIG
 * specification gives the characteristic (indicate or notify). end: read the battery level
 * (Battery 0x180F, 0x2A19, one unsigned byte), so a flat cuff is noticed before it fails.
 */
export interface BuiltInProfile {
  profileName: string;
  measurement: MeasurementCode;
  device: string;
  tasks: DeviceTask[];
}

const CCCD = '2902';
const manufacturerName: DeviceTask = {
  phase: 'start',
  service: '180A',
  characteristic: '2A29',
  descriptors: [],
  action: 'read',
  dataType: 'string',
};
const batteryLevel: DeviceTask = {
  phase: 'end',
  service: '180F',
  characteristic: '2A19',
  descriptors: [],
  action: 'read',
  dataType: 'integer',
};

/** Measurements are structs of flags and SFLOATs: the gateway's decoder reads them from hex. */
const measure = (
  service: string,
  characteristic: string,
  action: 'notify' | 'indicate',
  nextAction?: string,
): DeviceTask => ({
  phase: 'task',
  service,
  characteristic,
  descriptors: [CCCD],
  action,
  dataType: 'hex',
  ...(nextAction ? { nextAction } : {}),
});

export const BUILT_IN_PROFILES: readonly BuiltInProfile[] = [
  {
    profileName: 'Blood Pressure (Bluetooth SIG)',
    measurement: 'bp',
    device: 'Any blood pressure monitor with the Blood Pressure service (0x1810)',
    tasks: [manufacturerName, measure('1810', '2A35', 'indicate'), batteryLevel],
  },
  {
    profileName: 'Health Thermometer (Bluetooth SIG)',
    measurement: 'bt',
    device: 'Any thermometer with the Health Thermometer service (0x1809)',
    tasks: [manufacturerName, measure('1809', '2A1C', 'indicate'), batteryLevel],
  },
  {
    profileName: 'Glucose (Bluetooth SIG)',
    measurement: 'bs',
    device: 'Any glucose meter with the Glucose service (0x1808)',
    tasks: [
      manufacturerName,
      // A glucose meter sends its stored records only when asked: subscribe to the measurements
      // first, then write "report stored records: all records" (0x01 0x01) to the Record Access
      // Control Point, whose indication says the transfer is over.
      measure('1808', '2A18', 'notify'),
      {
        phase: 'task',
        service: '1808',
        characteristic: '2A52',
        descriptors: [CCCD],
        action: 'write',
        writeValue: '0101',
        dataType: 'hex',
        nextAction: 'indicate',
      },
      batteryLevel,
    ],
  },
  {
    profileName: 'Weight Scale (Bluetooth SIG)',
    measurement: 'bw',
    device: 'Any scale with the Weight Scale service (0x181D)',
    tasks: [manufacturerName, measure('181D', '2A9D', 'indicate'), batteryLevel],
  },
  {
    profileName: 'Pulse Oximeter (Bluetooth SIG)',
    measurement: 'ox',
    device: 'Any pulse oximeter with the Pulse Oximeter service (0x1822)',
    // PLX Continuous Measurement: SpO2 and pulse rate as they are taken.
    tasks: [manufacturerName, measure('1822', '2A5F', 'notify'), batteryLevel],
  },
];

/**
 * Give an organisation the built-in profiles it lacks, each complete as version 1. Idempotent, and
 * safe when edges start together: the organisation's advisory lock serialises the check and insert.
 */
export async function installBuiltInProfiles(db: Executor, organisationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockBuiltInsOf(tx, organisationId);
    const present = await builtInProfileNames(tx, organisationId);
    const missing = BUILT_IN_PROFILES.filter((profile) => !present.has(profile.profileName));
    for (const profile of missing) {
      const profileId = await insertDeviceProfile(tx, {
        ...profile,
        organisationId,
        vendorId: null,
        state: 'complete',
        version: 1,
        builtIn: true,
      });
      await insertVersion(tx, { ...profile, profileId, vendorId: null, version: 1, completedBy: null });
    }
    return missing.length;
  });
}

/** At start-up: organisations created before a built-in profile existed get it too. */
export async function installBuiltInProfilesEverywhere(db: Executor): Promise<void> {
  for (const organisationId of await organisationsMissingBuiltIns(db, BUILT_IN_PROFILES.length)) {
    await installBuiltInProfiles(db, organisationId);
  }
}
