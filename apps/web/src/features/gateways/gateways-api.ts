import {
  gatewaySchema,
  nearbyDeviceSchema,
  wifiNetworkSchema,
  type AddGatewayInput,
  type Gateway,
  type NearbyDevice,
  type WifiConnectInput,
  type WifiNetwork,
} from '@opencare/schemas/entities/gateways';
import { z } from 'zod';
import { authedRequest } from '../../api/client';

const gatewayList = gatewaySchema.array();
const id = (value: string) => encodeURIComponent(value);

/** The signed-in patient's own gateways (`GET /patients/me/gateways`). */
export function listMyGateways(): Promise<Gateway[]> {
  return authedRequest('/patients/me/gateways', { schema: gatewayList });
}

/** A patient's gateways as a clinician who may read that patient sees them. */
export function listPatientGateways(patientId: string): Promise<Gateway[]> {
  return authedRequest(`/patients/${id(patientId)}/gateways`, { schema: gatewayList });
}

/** Add a pending gateway to the patient by its MAC (and the QR code's pairing code, when scanned). */
export function addGateway(patientId: string, input: AddGatewayInput): Promise<Gateway> {
  return authedRequest(`/patients/${id(patientId)}/gateways`, {
    method: 'POST',
    body: input,
    schema: gatewaySchema,
  });
}

export function renameGateway(gatewayId: string, displayName: string): Promise<Gateway> {
  return authedRequest(`/gateways/${id(gatewayId)}`, {
    method: 'PATCH',
    body: { displayName },
    schema: gatewaySchema,
  });
}

export async function removeGateway(gatewayId: string): Promise<void> {
  await authedRequest(`/gateways/${id(gatewayId)}`, { method: 'DELETE' });
}

/** Ask the gateway to listen for advertising devices for `seconds` (the call lasts that long). */
export function scanNearby(gatewayId: string, seconds: number): Promise<NearbyDevice[]> {
  return authedRequest(`/gateways/${id(gatewayId)}/scan`, {
    method: 'POST',
    body: { seconds },
    schema: nearbyDeviceSchema.array(),
  });
}

export function scanWifi(gatewayId: string): Promise<WifiNetwork[]> {
  return authedRequest(`/gateways/${id(gatewayId)}/wifi`, { schema: wifiNetworkSchema.array() });
}

export function connectWifi(gatewayId: string, input: WifiConnectInput): Promise<{ ssid: string }> {
  return authedRequest(`/gateways/${id(gatewayId)}/wifi`, {
    method: 'POST',
    body: input,
    schema: z.object({ ssid: z.string() }),
  });
}
