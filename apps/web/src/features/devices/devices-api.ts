import { deviceProfileVersionSchema, type DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import { deviceSchema, type AddDeviceInput, type Device } from '@opencare/schemas/entities/gateways';
import { authedRequest } from '../../api/client';

const deviceList = deviceSchema.array();
const id = (value: string) => encodeURIComponent(value);

/** The signed-in patient's paired health devices. */
export function listMyDevices(): Promise<Device[]> {
  return authedRequest('/patients/me/devices', { schema: deviceList });
}

export function listPatientDevices(patientId: string): Promise<Device[]> {
  return authedRequest(`/patients/${id(patientId)}/devices`, { schema: deviceList });
}

export function getDevice(deviceId: string): Promise<Device> {
  return authedRequest(`/devices/${id(deviceId)}`, { schema: deviceSchema });
}

export function addDevice(input: AddDeviceInput): Promise<Device> {
  return authedRequest('/devices', { method: 'POST', body: input, schema: deviceSchema });
}

export function renameDevice(deviceId: string, name: string): Promise<Device> {
  return authedRequest(`/devices/${id(deviceId)}`, { method: 'PATCH', body: { name }, schema: deviceSchema });
}

export async function removeDevice(deviceId: string): Promise<void> {
  await authedRequest(`/devices/${id(deviceId)}`, { method: 'DELETE' });
}

/** The completed device profiles of the patient's organisation: what a gateway can read a device with. */
export function listDeviceProfiles(): Promise<DeviceProfileVersion[]> {
  return authedRequest('/devices/profiles', { schema: deviceProfileVersionSchema.array() });
}
