import { z } from 'zod';
import {
  gatewayInfoSchema,
  type Device,
  type GatewayStatus,
  type NearbyDevice,
  type ReadingOutcome,
  type WifiConnectInput,
  type WifiNetwork,
} from './entities/gateways';
import type { DeviceProfileVersion } from './entities/devices';
import type { Ack } from './socket-events';

/*
 * The `/gateways` namespace (design.md): home gateway agents, each authenticated by its gateway token
 * in the handshake `auth`. Agents send; the edge validates every payload here and acknowledges with
 * `{ data } | { error, message, errors? }`. Commands the edge sends (scan, Wi-Fi) expect the same
 * acknowledgement back from the agent, within COMMAND_TIMEOUT_MS.
 */

export const gatewayHandshakeSchema = z.object({ token: z.string().min(1).max(512) });

/** What the agent says on every connect: its spec §3 fields, so the edge always shows the current ones. */
export const gatewayHelloPayloadSchema = z.strictObject({ info: gatewayInfoSchema });
export const gatewayHeartbeatPayloadSchema = z.strictObject({
  /** Readings waiting in the agent's queue, and those it set aside as rejected. */
  queued: z.number().int().min(0),
  rejected: z.number().int().min(0).default(0),
  uptimeS: z.number().min(0),
});
/** A device's start and end tasks read its maker and battery: the edge keeps them for the devices screen. */
export const deviceStatePayloadSchema = z.strictObject({
  deviceId: z.uuid(),
  manufacturer: z.string().trim().max(100).nullable().optional(),
  batteryLevel: z.number().int().min(0).max(100).nullable().optional(),
});

/** What a gateway needs to work: the patient's devices and the completed profiles they run. */
export interface GatewayWork {
  gatewayId: string;
  devices: Device[];
  profiles: DeviceProfileVersion[];
}

/** How often the agent heartbeats, and after how long without one the edge calls a gateway offline. */
export const GATEWAY_HEARTBEAT_MS = 30_000;
export const COMMAND_TIMEOUT_MS = 20_000;

export const scanCommandSchema = z.strictObject({ seconds: z.number().int().min(1).max(30).default(8) });

export interface GatewayClientToServerEvents {
  'gateway:hello': (payload: z.infer<typeof gatewayHelloPayloadSchema>, ack: (result: Ack<GatewayWork>) => void) => void;
  'gateway:heartbeat': (payload: z.infer<typeof gatewayHeartbeatPayloadSchema>, ack: (result: Ack<{ at: string }>) => void) => void;
  /** Up to GATEWAY_UPLOAD_MAX readings (gatewayReadingSchema each, validated one by one). */
  'readings:upload': (payload: { readings: unknown[] }, ack: (result: Ack<{ outcomes: ReadingOutcome[] }>) => void) => void;
  'device:state': (payload: z.infer<typeof deviceStatePayloadSchema>, ack: (result: Ack<{ deviceId: string }>) => void) => void;
}

export interface GatewayServerToClientEvents {
  /** The gateway's devices or the profiles they run changed: here is the whole work list again. */
  'work:changed': (payload: GatewayWork) => void;
  /** The patient removed this gateway: the token is revoked; the agent stops and says so. */
  'gateway:removed': (payload: { gatewayId: string }) => void;
  'command:scan': (payload: z.infer<typeof scanCommandSchema>, ack: (result: Ack<{ devices: NearbyDevice[] }>) => void) => void;
  'command:wifiScan': (payload: Record<string, never>, ack: (result: Ack<{ networks: WifiNetwork[] }>) => void) => void;
  'command:wifiConnect': (payload: WifiConnectInput, ack: (result: Ack<{ ssid: string }>) => void) => void;
}

/** A gateway came online or went offline: to its patient's screens and the screens watching that patient. */
export interface GatewayStatusChange {
  organisationId: string;
  patientId: string;
  gatewayId: string;
  status: GatewayStatus;
  lastSeenAt: string | null;
}
