import { normaliseUuid } from '../ble/uuid';
import {
  estimateDistance,
  measurementOfServices,
  signalBucket,
  wifiConnectInputSchema,
  type NearbyDevice,
} from '@opencare/schemas/entities/gateways';
import { scanCommandSchema, type GatewayServerToClientEvents } from '@opencare/schemas/gateway-events';
import type { Ack } from '@opencare/schemas/socket-events';
import { ERRORS } from '@opencare/schemas/errors';
import type { Logger } from '../logger';
import type { Wifi } from '../wifi/nmcli';

/*
 * The edge's commands to this gateway (scan, Wi-Fi), answered with the namespace's acknowledgement
 * shape. Only the catalogue keys of spec §8 leave the gateway; details stay in its own log.
 */

/** What the link needs of a BLE transport (src/ble/transport.ts implements it). */
export interface Scanner {
  scan(seconds: number): Promise<Array<{ address: string; name: string | null; rssi: number; services: string[]; txPower: number | null }>>;
}

const TRANSPORT_KEYS = new Set(['bluetoothUnsupported', 'bluetoothOff', 'gatewayCommandError']);
type Key = 'bluetoothUnsupported' | 'bluetoothOff' | 'gatewayCommandError' | 'wifiScanFailed' | 'wifiConnectFailed';
const messageOf = (key: Key) => ERRORS[key].message;

/** Advertised service UUIDs in the canonical spelling; anything that is not a UUID is kept as sent. */
function serviceUuid(uuid: string): string {
  try {
    return normaliseUuid(uuid);
  } catch {
    return uuid.toUpperCase();
  }
}

export function toNearbyDevice(ad: Awaited<ReturnType<Scanner['scan']>>[number]): NearbyDevice {
  const services = ad.services.map(serviceUuid);
  const rssi = Math.round(ad.rssi);
  return {
    address: ad.address.toUpperCase(),
    name: ad.name,
    rssi,
    signal: signalBucket(rssi),
    distanceM: estimateDistance(rssi, ad.txPower ?? undefined),
    services,
    measurement: measurementOfServices(services),
  };
}

/** Scans and lists nearby devices, strongest first. */
export async function scanNearby(scanner: Scanner, seconds: number): Promise<NearbyDevice[]> {
  return (await scanner.scan(seconds)).map(toNearbyDevice).sort((a, b) => b.rssi - a.rssi);
}

/** The catalogue key and message; the details (nmcli's or BlueZ's words) go to the gateway's log only. */
function failure(error: unknown, fallback: Key, log: Logger, what: string): { error: string; message: string } {
  const key = (error as { key?: unknown }).key;
  const chosen = typeof key === 'string' && (TRANSPORT_KEYS.has(key) || key === fallback) ? (key as Key) : fallback;
  log.warn({ key: chosen, err: (error as Error).message }, `${what} failed`);
  return { error: chosen, message: messageOf(chosen) };
}

type Handlers = { [K in keyof GatewayServerToClientEvents as K extends `command:${string}` ? K : never]: GatewayServerToClientEvents[K] };

export function commandHandlers(deps: { scanner: () => Scanner | null; wifi: Wifi; log: Logger }): Handlers {
  const invalid = (message: string) => ({ error: 'validationFailed', message });
  return {
    'command:scan': (payload, ack) => {
      const parsed = scanCommandSchema.safeParse(payload ?? {});
      if (!parsed.success) return ack(invalid('Scan for 1 to 30 seconds.'));
      const scanner = deps.scanner();
      if (!scanner) return ack({ error: 'bluetoothUnsupported', message: messageOf('bluetoothUnsupported') });
      scanNearby(scanner, parsed.data.seconds).then(
        (devices) => ack({ data: { devices } }),
        (error: unknown) => ack(failure(error, 'gatewayCommandError', deps.log, 'scan')),
      );
    },
    'command:wifiScan': (_payload, ack) => {
      deps.wifi.scan().then(
        (networks) => ack({ data: { networks } }),
        (error: unknown) => ack(failure(error, 'wifiScanFailed', deps.log, 'Wi-Fi scan')),
      );
    },
    'command:wifiConnect': (payload, ack: (result: Ack<{ ssid: string }>) => void) => {
      const parsed = wifiConnectInputSchema.safeParse(payload);
      if (!parsed.success) return ack(invalid(parsed.error.issues[0]?.message ?? 'Invalid network.'));
      deps.wifi.connect(parsed.data.ssid, parsed.data.password).then(
        (result) => ack({ data: result }),
        (error: unknown) => ack(failure(error, 'wifiConnectFailed', deps.log, 'Wi-Fi connect')),
      );
    },
  };
}
