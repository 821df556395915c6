import type { DeviceProfileVersion, DeviceTask } from '@opencare/schemas/entities/devices';
import type { Device } from '@opencare/schemas/entities/gateways';
import { ECG_BATCH_MS, type EcgSamplesPayload, type GatewayWork } from '@opencare/schemas/gateway-events';
import type { BleTransport, GattConnection } from '../ble/transport';
import { normaliseUuid } from '../ble/uuid';
import {
  decodePmdControlResponse,
  decodePmdEcg,
  PMD_OP_STOP,
  PMD_ECG,
  PMD_STATUS_SUCCESS,
  requestedSampleRate,
} from '../decoders/polar-pmd';
import type { ReaderLog } from './device-reader';
import { decodeTaskValue, encodeTaskValue } from './task-values';

/*
 * Live ECG: every device of the gateway whose profile measures 'ecg' is held connected and streamed
 * while the work lists it. Its profile runs as for any device (start tasks read the maker; the task
 * phase subscribes to the data and writes "start" to the control point, awaiting its answer); the
 * frames are decoded (decoders/polar-pmd.ts) and handed on in a batch every ECG_BATCH_MS. Nothing is
 * queued or stored: a batch the edge is not there for is gone. A stream that fails, or falls silent
 * for SILENT_MS (the strap taken off, out of range), is closed and tried again after RETRY_MS.
 * Logs name devices and reasons, never samples.
 */

export const SILENT_MS = 5_000;
export const RETRY_MS = 5_000;

export interface EcgStreamsOptions {
  transport: BleTransport;
  work: () => GatewayWork | null;
  onBatch: (batch: EcgSamplesPayload) => void;
  onDeviceState?: (state: { deviceId: string; manufacturer: string | null; batteryLevel: number | null }) => void;
  log: ReaderLog;
  batchMs?: number;
  timeoutMs?: number;
  retryMs?: number;
  silentMs?: number;
}

export interface EcgStreams {
  /** Start streams for new ECG devices of the work, stop those it no longer lists. */
  refresh(): void;
  /** The devices streaming now. */
  streaming(): string[];
  stop(): Promise<void>;
}

const where = (task: DeviceTask) => `${normaliseUuid(task.service)}/${normaliseUuid(task.characteristic)}`;

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms ${what}`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

interface Stream {
  profileKey: string;
  stop(): Promise<void>;
}

export function startEcgStreams(options: EcgStreamsOptions): EcgStreams {
  const { transport, log } = options;
  const batchMs = options.batchMs ?? ECG_BATCH_MS;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retryMs = options.retryMs ?? RETRY_MS;
  const silentMs = options.silentMs ?? SILENT_MS;
  const streams = new Map<string, Stream>();
  let stopped = false;

  /** One device's stream, reconnecting until stopped. */
  function stream(device: Device, profile: DeviceProfileVersion): Stream {
    const context = { deviceId: device.id, profileId: profile.profileId, version: profile.version };
    let ended = false;
    let retry: NodeJS.Timeout | undefined;
    let current: Promise<void> = Promise.resolve();
    let closeCurrent: (() => void) | null = null;
    let seq = 0;

    async function once(): Promise<void> {
      let connection: GattConnection | null = null;
      let flush: NodeJS.Timeout | undefined;
      const unsubscribes: (() => Promise<void>)[] = [];
      let pending: number[] = [];
      let sampleRate = 130;
      let lastFrameAt = Date.now();
      let started = false;
      let refused = 0;
      const closed = new Promise<void>((resolve) => (closeCurrent = resolve));
      try {
        connection = await withTimeout(transport.connect(device.address), timeoutMs, `connecting to ${device.address}`);
        const state = { deviceId: device.id, manufacturer: null as string | null, batteryLevel: null as number | null };
        for (const task of profile.tasks.filter((t) => t.phase === 'start' && t.action === 'read')) {
          const value = await withTimeout(connection.read(task.service, task.characteristic), timeoutMs, `reading ${where(task)}`);
          if (normaliseUuid(task.characteristic) === '2A29') state.manufacturer = String(decodeTaskValue('string', value)).slice(0, 100) || null;
        }
        for (const task of profile.tasks.filter((t) => t.phase === 'task')) {
          if (task.action === 'notify' || task.action === 'indicate') {
            unsubscribes.push(
              await withTimeout(
                connection.subscribe(task.service, task.characteristic, task.action, (value) => {
                  const decoded = decodePmdEcg(value);
                  if (!decoded.ok) {
                    // Counted and logged by reason now and then, never thrown: one bad frame is a gap.
                    if (refused++ % 50 === 0) log.warn({ ...context, characteristic: where(task), reason: decoded.reason, refused }, 'ECG frame refused');
                    return;
                  }
                  lastFrameAt = Date.now();
                  pending.push(...decoded.frame.samples);
                }),
                timeoutMs,
                `subscribing to ${where(task)}`,
              ),
            );
          } else if (task.action === 'write') {
            const bytes = encodeTaskValue(task.dataType, task.writeValue ?? '');
            sampleRate = requestedSampleRate(bytes) ?? sampleRate;
            const kind = task.nextAction?.trim().toLowerCase();
            if (kind !== 'notify' && kind !== 'indicate') {
              await withTimeout(connection.write(task.service, task.characteristic, bytes), timeoutMs, `writing ${where(task)}`);
              continue;
            }
            let answer: (value: Buffer) => void = () => undefined;
            const answered = new Promise<Buffer>((resolve) => (answer = resolve));
            unsubscribes.push(await withTimeout(connection.subscribe(task.service, task.characteristic, kind, (value) => answer(value)), timeoutMs, `subscribing to ${where(task)}`));
            await withTimeout(connection.write(task.service, task.characteristic, bytes), timeoutMs, `writing ${where(task)}`);
            const response = decodePmdControlResponse(await withTimeout(answered, timeoutMs, `waiting for the answer of ${where(task)}`));
            if (response && response.status !== PMD_STATUS_SUCCESS) {
              throw new Error(`the device refused to start its ECG (PMD status ${response.status})`);
            }
            started = true;
          } else {
            await withTimeout(connection.read(task.service, task.characteristic), timeoutMs, `reading ${where(task)}`);
          }
        }
        options.onDeviceState?.(state);
        log.info({ ...context, sampleRate }, 'ECG streaming');
        lastFrameAt = Date.now();
        flush = setInterval(() => {
          if (pending.length > 0) {
            const samples = pending;
            pending = [];
            options.onBatch({ deviceId: device.id, sampleRate, samples, seq: seq++ });
          }
          if (Date.now() - lastFrameAt > silentMs) {
            log.warn({ ...context }, 'ECG stream fell silent; reconnecting');
            closeCurrent?.();
          }
        }, batchMs);
        await closed;
      } catch (error) {
        log.warn({ ...context, err: error instanceof Error ? error.message : String(error) }, 'ECG stream failed');
      } finally {
        clearInterval(flush);
        if (connection && started) {
          const control = profile.tasks.find((t) => t.phase === 'task' && t.action === 'write');
          if (control) await withTimeout(connection.write(control.service, control.characteristic, Buffer.from([PMD_OP_STOP, PMD_ECG])), 2_000, 'stopping the ECG').catch(() => undefined);
        }
        for (const unsubscribe of unsubscribes.reverse()) await unsubscribe().catch(() => undefined);
        await connection?.disconnect().catch(() => undefined);
      }
    }

    const loop = () => {
      if (ended || stopped) return;
      current = once().then(() => {
        if (!ended && !stopped) retry = setTimeout(loop, retryMs);
      });
    };
    loop();
    return {
      profileKey: `${profile.profileId}@${profile.version}`,
      async stop() {
        ended = true;
        clearTimeout(retry);
        closeCurrent?.();
        await current;
      },
    };
  }

  function refresh(): void {
    if (stopped) return;
    const work = options.work();
    const wanted = new Map<string, { device: Device; profile: DeviceProfileVersion }>();
    for (const device of work?.devices ?? []) {
      const profile = work?.profiles.filter((p) => p.profileId === device.profileId).sort((a, b) => b.version - a.version)[0];
      if (profile?.measurement === 'ecg') wanted.set(device.id, { device, profile });
    }
    for (const [deviceId, running] of streams) {
      const want = wanted.get(deviceId);
      if (!want || `${want.profile.profileId}@${want.profile.version}` !== running.profileKey) {
        streams.delete(deviceId);
        void running.stop();
      }
    }
    for (const [deviceId, { device, profile }] of wanted) if (!streams.has(deviceId)) streams.set(deviceId, stream(device, profile));
  }

  return {
    refresh,
    streaming: () => [...streams.keys()],
    async stop() {
      stopped = true;
      const all = [...streams.values()];
      streams.clear();
      await Promise.all(all.map((s) => s.stop()));
    },
  };
}
