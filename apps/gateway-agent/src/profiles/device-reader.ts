import type { DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import type { Device } from '@opencare/schemas/entities/gateways';
import type { GatewayWork } from '@opencare/schemas/gateway-events';
import type { BleTransport } from '../ble/transport';
import { runProfile, type ProfileLog, type ProfileReading } from './profile-runner';

/*
 * Reads the gateway's paired devices, one at a time: a gateway has one radio, and BLE adapters
 * misbehave when asked to hold several connections while scanning. Every intervalMs (after the
 * previous pass ends, so passes never overlap) and whenever readNow is called, each device whose
 * profile the work lists is connected, its profile run, its readings and state handed on, and it is
 * disconnected. A failing device is logged and skipped; nothing here ever throws to the caller.
 */

export interface DeviceState {
  deviceId: string;
  manufacturer: string | null;
  batteryLevel: number | null;
}

export interface ReaderLog extends ProfileLog {
  error(obj: object, msg: string): void;
}

export interface DeviceReaderOptions {
  transport: BleTransport;
  /** The current work (devices and profiles), read at the start of every pass. */
  work: () => GatewayWork | null;
  /** Awaited: the agent writes the reading to its durable queue before the next one is handed on. */
  onReading: (deviceId: string, reading: ProfileReading) => void | Promise<void>;
  onDeviceState: (state: DeviceState) => void | Promise<void>;
  intervalMs: number;
  log: ReaderLog;
  /** Passed to runProfile. */
  timeoutMs?: number;
  settleMs?: number;
}

export interface DeviceReader {
  stop(): Promise<void>;
  /** Reads one device (or all) now, after any pass under way; resolves when done. Never rejects. */
  readNow(deviceId?: string): Promise<void>;
  /**
   * Runs other radio work (a scan command) between passes, so it never meets a connection under
   * way. Its result or error is the caller's.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

/** Stored records a meter sends on every transfer, remembered per device so each is handed on once. */
const SEEN_RECORDS_MAX = 2000;

/** The newest completed version of the device's profile, if the work carries it. */
function profileOf(device: Device, profiles: DeviceProfileVersion[]): DeviceProfileVersion | undefined {
  return profiles.filter((p) => p.profileId === device.profileId).sort((a, b) => b.version - a.version)[0];
}

export function startDeviceReader(options: DeviceReaderOptions): DeviceReader {
  const { transport, log } = options;
  const seen = new Map<string, Set<string>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const seenBefore = (deviceId: string, reading: ProfileReading): boolean =>
    reading.recordKey !== undefined && (seen.get(deviceId)?.has(reading.recordKey) ?? false);
  /** Remembered only once handed on: a record the queue failed to take is taken again next time. */
  const remember = (deviceId: string, reading: ProfileReading): void => {
    if (!reading.recordKey) return;
    const keys = seen.get(deviceId) ?? new Set<string>();
    seen.set(deviceId, keys);
    keys.add(reading.recordKey);
    if (keys.size > SEEN_RECORDS_MAX) keys.delete(keys.values().next().value ?? '');
  };

  async function readDevice(device: Device, profile: DeviceProfileVersion): Promise<void> {
    const context = { deviceId: device.id, profileId: profile.profileId, version: profile.version };
    const started = Date.now();
    let connection;
    try {
      connection = await transport.connect(device.address);
      const result = await runProfile(connection, profile, {
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
        log,
      });
      const fresh = result.readings.filter((reading) => !seenBefore(device.id, reading));
      for (const reading of fresh) {
        await options.onReading(device.id, reading);
        remember(device.id, reading);
      }
      await options.onDeviceState({ deviceId: device.id, manufacturer: result.manufacturer, batteryLevel: result.batteryLevel });
      log.info({ ...context, readings: fresh.length, ms: Date.now() - started }, 'device read');
    } catch (error) {
      const key = typeof error === 'object' && error !== null && 'key' in error ? String(error.key) : undefined;
      log.warn({ ...context, key, err: error instanceof Error ? error.message : String(error) }, 'device read failed');
    } finally {
      await connection?.disconnect().catch((error: unknown) => {
        log.debug({ ...context, err: error instanceof Error ? error.message : String(error) }, 'disconnect failed');
      });
    }
  }

  async function pass(deviceId?: string): Promise<void> {
    const work = options.work();
    if (!work) return;
    for (const device of work.devices) {
      if (stopped) return;
      if (deviceId !== undefined && device.id !== deviceId) continue;
      const profile = profileOf(device, work.profiles);
      if (!profile) {
        log.debug({ deviceId: device.id, profileId: device.profileId }, 'no completed profile for this device yet');
        continue;
      }
      // A live ECG strap streams for as long as it is worn (ecg-streams.ts), not in passes.
      if (profile.measurement === 'ecg') continue;
      await readDevice(device, profile);
    }
  }

  /** Chains a pass after the one under way: the radio serves one device at a time. */
  const enqueue = (deviceId?: string): Promise<void> => {
    running = running
      .then(() => (stopped ? undefined : pass(deviceId)))
      .catch((error: unknown) => {
        log.error({ err: error instanceof Error ? error.message : String(error) }, 'device pass failed');
      });
    return running;
  };

  const periodic = () => {
    void enqueue().then(() => {
      if (!stopped) timer = setTimeout(periodic, options.intervalMs);
    });
  };
  periodic();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    readNow: (deviceId) => enqueue(deviceId),
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      const result = running.then(work);
      running = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
}
