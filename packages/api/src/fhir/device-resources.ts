import type { DeviceRow } from '../devices/devices.repository';
import type { GatewayRow } from '../gateways/gateways.repository';
import type { MeasurementRow } from '../measurements/measurements.repository';
import { fhirDeviceSchema, fhirProvenanceSchema, type FhirDevice, type FhirProvenance } from './fhir-r4';
import { DEVICE_TIME_EXTENSION, observationsOfRow } from './observations';

/*
 * Where a gateway reading came from, as the HL7 Personal Health Device IG describes it (issue 21
 * part 5): the meter that measured it (a Device the Observation names), the home gateway that
 * brought it (a Device too), and a Provenance per reading saying when the meter took it and when
 * the gateway's upload reached us.
 */

/** IEEE EUI-48 Bluetooth addresses, as the PHD IG identifies a meter. */
const BLUETOOTH_ADDRESS = 'http://hl7.org/fhir/sid/eui-48/bluetooth';
const PARTICIPANT = 'http://terminology.hl7.org/CodeSystem/provenance-participant-type';

/** A patient's meter (blood-pressure cuff, scale, oximeter…), read through a gateway. */
export function toFhirDevice(device: DeviceRow): FhirDevice {
  return fhirDeviceSchema.parse({
    resourceType: 'Device',
    id: device.id,
    identifier: [{ type: { text: 'Bluetooth address' }, system: BLUETOOTH_ADDRESS, value: device.address.toLowerCase().replaceAll(':', '-') }],
    status: 'active',
    ...(device.manufacturer ? { manufacturer: device.manufacturer } : {}),
    deviceName: [
      { name: device.name, type: 'user-friendly-name' },
      { name: device.profileName, type: 'model-name' },
    ],
    ...(device.measurement ? { type: { text: device.measurement } } : {}),
    patient: { reference: `Patient/${device.patientAccountId}` },
  });
}

/** A home gateway (the PHD IG's "personal health gateway"), while it is assigned to a patient. */
export function toFhirGateway(gateway: GatewayRow & { patientAccountId: string }): FhirDevice {
  return fhirDeviceSchema.parse({
    resourceType: 'Device',
    id: gateway.id,
    identifier: [{ type: { text: 'Gateway MAC address' }, system: 'urn:opencare:gateway-mac', value: gateway.mac }],
    status: 'active',
    deviceName: [{ name: gateway.displayName, type: 'user-friendly-name' }, ...(gateway.model ? [{ name: gateway.model, type: 'model-name' as const }] : [])],
    ...(gateway.serial ? { serialNumber: gateway.serial } : {}),
    type: { text: 'Personal health gateway' },
    ...(gateway.version ? { version: [{ value: gateway.version }] } : {}),
    patient: { reference: `Patient/${gateway.patientAccountId}` },
  });
}

/**
 * The Provenance of one gateway reading (its id is the reading's): its Observations, measured by the
 * meter at the meter's time (`occurredDateTime`), assembled and sent by the gateway, received by us
 * at `recorded`. When the gateway corrected a meter clock that was off, `occurredDateTime` is the
 * gateway's receive time and the meter's own time stamp is kept in the device-reported-time extension.
 */
export function provenanceOf(reading: MeasurementRow, gatewayId: string): FhirProvenance {
  return fhirProvenanceSchema.parse({
    resourceType: 'Provenance',
    id: reading.id,
    target: observationsOfRow(reading).map((observation) => ({ reference: `Observation/${observation.id}` })),
    occurredDateTime: reading.takenAt.toISOString(),
    recorded: reading.createdAt.toISOString(),
    // The meter's clock was off: occurredDateTime is the gateway's receive time, this the meter's own time stamp.
    ...(reading.deviceTakenAt ? { extension: [{ url: DEVICE_TIME_EXTENSION, valueDateTime: reading.deviceTakenAt.toISOString() }] } : {}),
    activity: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-DataOperation', code: 'CREATE', display: 'create' }] },
    agent: [
      { type: { coding: [{ system: PARTICIPANT, code: 'performer', display: 'Performer' }] }, who: { reference: `Device/${reading.deviceId}` } },
      { type: { coding: [{ system: PARTICIPANT, code: 'assembler', display: 'Assembler' }] }, who: { reference: `Device/${gatewayId}` } },
    ],
  });
}
