import type { DeviceTask } from '@opencare/schemas/entities/devices';
import type { DeviceMeasurement } from '@opencare/schemas/lookups';

/**
 * Vendor device profiles: a maker's own protocol, where no Bluetooth SIG service carries the data.
 * Unlike the built-in profiles they name their vendor; the demo organisation is given them
 * (demo-gateway.ts), a real one adds its vendors' profiles in the device profiles screen.
 */
export interface VendorProfile {
  vendor: { vendorName: string; website: string };
  profileName: string;
  measurement: DeviceMeasurement;
  device: string;
  tasks: DeviceTask[];
}

/**
 * Polar H10's single-lead ECG over the Polar Measurement Data (PMD) service, as the Polar BLE SDK
 * documents it (github.com/polarofficial/polar-ble-sdk, "Polar Measurement Data specification").
 * The strap streams only when asked: subscribe to PMD Data (notify), then write "start measurement"
 * to the PMD Control Point, whose indication answers it: 0x02 start, type 0x00 ECG, setting 0x00
 * sample rate (1 value: 0x0082 = 130 Hz), setting 0x01 resolution (1 value: 0x000E = 14 bits). Each
 * data frame is then type 0x00, a 64-bit time stamp in ns, frame type 0x00 and 3-byte signed µV samples
 * (the gateway's decoder: apps/gateway-agent/src/decoders/polar-pmd.ts).
 */
export const PMD_SERVICE = 'FB005C80-02E7-F387-1CAD-8ACD2D8DF0C8';
export const PMD_CONTROL_POINT = 'FB005C81-02E7-F387-1CAD-8ACD2D8DF0C8';
export const PMD_DATA = 'FB005C82-02E7-F387-1CAD-8ACD2D8DF0C8';
export const PMD_START_ECG_130HZ = '02000001820001010E00';

export const POLAR_H10_ECG: VendorProfile = {
  vendor: { vendorName: 'Polar Electro Oy', website: 'https://www.polar.com' },
  profileName: 'Polar H10 ECG (Polar Measurement Data)',
  measurement: 'ecg',
  device: 'Polar H10 heart rate sensor (chest strap): single-lead ECG at 130 Hz, in µV',
  tasks: [
    { phase: 'start', service: '180A', characteristic: '2A29', descriptors: [], action: 'read', dataType: 'string' },
    { phase: 'task', service: PMD_SERVICE, characteristic: PMD_DATA, descriptors: ['2902'], action: 'notify', dataType: 'hex' },
    {
      phase: 'task',
      service: PMD_SERVICE,
      characteristic: PMD_CONTROL_POINT,
      descriptors: ['2902'],
      action: 'write',
      writeValue: PMD_START_ECG_130HZ,
      dataType: 'hex',
      nextAction: 'indicate',
    },
    { phase: 'end', service: '180F', characteristic: '2A19', descriptors: [], action: 'read', dataType: 'integer' },
  ],
};

export const VENDOR_PROFILES: readonly VendorProfile[] = [POLAR_H10_ECG];
