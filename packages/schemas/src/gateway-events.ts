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

/*
 * A live ECG (a single-lead chest strap's samples): the agent sends what the device streams, a few
 * hundred ms at a time, and the edge relays each batch to the screens watching the patient. Live only:
 * nothing is stored, and a batch the edge cannot relay is simply gone (the next one follows).
 */
/** Beyond ±10 mV is no surface ECG: a lead off, a saturated amplifier or a corrupt frame. */
export const ECG_MAX_MICROVOLTS = 10_000;
/** Up to 2 s at the highest rate: a batch is 250–500 ms of samples. */
export const ECG_BATCH_MAX_SAMPLES = 1000;
/** How often the agent sends a batch, and the batches per window the edge takes from one gateway socket. */
export const ECG_BATCH_MS = 250;
export const ECG_BATCH_LIMIT = { count: 80, windowMs: 10_000 } as const;
export const ecgSamplesPayloadSchema = z.strictObject({
  deviceId: z.uuid(),
  /** Samples per second (a Polar H10 streams 130). */
  sampleRate: z.number().int().min(100).max(1000),
  /** Microvolts, oldest first. */
  samples: z.array(z.number().int().min(-ECG_MAX_MICROVOLTS).max(ECG_MAX_MICROVOLTS)).min(1).max(ECG_BATCH_MAX_SAMPLES),
  /** Counts the device's batches from 0, so a screen can tell a gap (a batch lost) from a steady trace. */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type EcgSamplesPayload = z.infer<typeof ecgSamplesPayloadSchema>;

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
  /** A batch of a device's live ECG, relayed to the screens watching its patient (never stored). */
  'ecg:samples': (payload: EcgSamplesPayload, ack: (result: Ack<{ relayed: true }>) => void) => void;
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
