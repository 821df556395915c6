import type { DeviceProfileVersion, DeviceTask } from '@opencare/schemas/entities/devices';
import type { DeviceReadingFlag } from '@opencare/schemas/entities/gateways';
import { TAKEN_AT_MAX_SKEW_MS } from '@opencare/schemas/entities/measurements';
import type { MeasurementCode } from '@opencare/schemas/lookups';
import { TransportError, type GattConnection } from '../ble/transport';
import { normaliseUuid } from '../ble/uuid';
import { decodeCurrentTime } from '../decoders/date-time';
import { decodeRacpResponse, RACP_NO_RECORDS, RACP_SUCCESS } from '../decoders/glucose';
import { decoderFor } from '../decoders/measurement-decoders';
import { decodeTaskValue, encodeTaskValue } from './task-values';

/*
 * Runs one completed device profile (spec §3) over a connection: its start tasks, then its task
 * tasks, then its end tasks, each phase in the order the profile lists them.
 * - read: the value by its data type. Device Information 0x2A29 gives the manufacturer, Battery Level
 *   0x2A19 the battery; a known measurement characteristic is decoded as one.
 * - write: the write value encoded by its data type. With nextAction "notify" or "indicate" the
 *   runner subscribes to that characteristic first and waits for its answer (the glucose Record
 *   Access Control Point answers when the stored records are sent).
 * - notify/indicate: subscribes. A measurement characteristic's values are decoded into readings.
 *   At the end of the phase the runner waits for the first value of every subscription no write has
 *   answered for, then for the device to fall quiet (a cuff may send several stored readings).
 * - Then the device's clock, when it has a Current Time Service: a clock more than five minutes off
 *   the gateway's, ahead or behind, moves every time stamp of this connection by the difference
 *   (clockCorrected). Without that service only a clock ahead shows (a time stamp in the future).
 * Logs name characteristics and reasons, never values: readings are patient data.
 */

export interface ProfileReading {
  type: MeasurementCode;
  /** Canonical units (MEASUREMENT_FIELDS). */
  values: Record<string, number>;
  /** The device's time for it, or null (the agent then uses the capture time). */
  takenAt: string | null;
  /** Same on every transfer of the same stored record (glucose): see DecodedReading. */
  recordKey?: string;
  /** Coded flags: the device's status bits, `out-of-limits`, `clock-corrected` (DEVICE_READING_FLAGS). */
  flags: DeviceReadingFlag[];
  /** The device's own time stamp when its clock was off and the capture time is used instead. */
  deviceTakenAt?: string;
  /** The user index a shared meter recorded it under, as sent (see DecodedReading). */
  userIndex?: number;
}

export interface ProfileResult {
  readings: ProfileReading[];
  manufacturer: string | null;
  batteryLevel: number | null;
}

/** pino's shape, narrowed to what the runner and reader use. */
export interface ProfileLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RunProfileOptions {
  /** Longest wait for any one GATT operation or awaited value; 15 s by default. */
  timeoutMs?: number;
  /** Quiet time after the last measurement that ends a subscription's wait; 300 ms by default. */
  settleMs?: number;
  log?: ProfileLog;
  now?: () => Date;
}

/** Continuous characteristics stream while the device is on: only the last, settled value is a reading. */
const CONTINUOUS = new Set(['2A5F']);
const MANUFACTURER = '2A29';
const BATTERY = '2A19';
const CURRENT_TIME = { service: '1805', characteristic: '2A2B' };
/** Asking the clock is a courtesy: a device without one answers at once, one that does, quickly. */
const CLOCK_TIMEOUT_MS = 2_000;

/**
 * A reading's time stamp against the device's clock: `offsetMs` (device minus gateway, when the
 * device could be asked) more than five minutes either way moves it by that much; with no offset
 * known, a time stamp in the future takes the capture time (null). Either way the device's own is
 * kept, flagged. A time in the past with no clock to ask is left alone: it may be a stored record.
 */
export function correctClock(reading: ProfileReading, offsetMs: number | null, now: Date): void {
  const deviceTime = reading.takenAt;
  if (!deviceTime) return;
  const latest = now.getTime() + TAKEN_AT_MAX_SKEW_MS;
  let corrected: string | null;
  if (offsetMs !== null && Math.abs(offsetMs) > TAKEN_AT_MAX_SKEW_MS) {
    const moved = Date.parse(deviceTime) - offsetMs;
    corrected = moved > latest ? null : new Date(moved).toISOString();
  } else if (Date.parse(deviceTime) > latest) corrected = null;
  else return;
  reading.takenAt = corrected;
  reading.deviceTakenAt = deviceTime;
  if (!reading.flags.includes('clock-corrected')) reading.flags = [...reading.flags, 'clock-corrected'];
}

const silent: ProfileLog = { debug: () => undefined, info: () => undefined, warn: () => undefined };

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TransportError('gatewayCommandError', `Timed out after ${ms} ms ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const where = (task: DeviceTask) => `${normaliseUuid(task.service)}/${normaliseUuid(task.characteristic)}`;
const kindOf = (nextAction: string | undefined): 'notify' | 'indicate' | null => {
  const action = nextAction?.trim().toLowerCase();
  return action === 'notify' || action === 'indicate' ? action : null;
};

/** A subscription the runner may wait on: when its first value came, and when its last. */
interface Stream {
  task: DeviceTask;
  answered: boolean;
  firstAt: number | null;
  lastAt: number;
  arrived: Promise<void>;
  arrive: () => void;
}

export async function runProfile(
  connection: GattConnection,
  profile: DeviceProfileVersion,
  options: RunProfileOptions = {},
): Promise<ProfileResult> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const settleMs = options.settleMs ?? 300;
  const log = options.log ?? silent;
  const now = options.now ?? (() => new Date());
  const result: ProfileResult = { readings: [], manufacturer: null, batteryLevel: null };
  const continuous = new Map<string, ProfileReading>();
  const unsubscribes: (() => Promise<void>)[] = [];
  const context = { profileId: profile.profileId, version: profile.version };

  /** A measurement value into a reading, when it is one; otherwise the reason, logged without values. */
  const take = (task: DeviceTask, value: Buffer): boolean => {
    const decoder = decoderFor(task.characteristic);
    if (!decoder) return true;
    if (decoder.measurement !== profile.measurement) {
      log.warn({ ...context, characteristic: where(task) }, 'characteristic does not give the measurement of its profile; ignored');
      return false;
    }
    const decoded = decoder.decode(value);
    if (!decoded.ok) {
      log.info({ ...context, characteristic: where(task), reason: decoded.reason }, 'no reading in this value');
      return false;
    }
    const reading: ProfileReading = { ...decoded.reading, type: profile.measurement };
    if (CONTINUOUS.has(normaliseUuid(task.characteristic))) continuous.set(where(task), reading);
    else result.readings.push(reading);
    return true;
  };

  const subscribe = async (task: DeviceTask, kind: 'notify' | 'indicate', onValue: (value: Buffer) => void) => {
    const unsubscribe = await withTimeout(
      connection.subscribe(task.service, task.characteristic, kind, onValue),
      timeoutMs,
      `subscribing to ${where(task)}`,
    );
    unsubscribes.push(unsubscribe);
  };

  const read = async (task: DeviceTask) => {
    const value = await withTimeout(connection.read(task.service, task.characteristic), timeoutMs, `reading ${where(task)}`);
    const characteristic = normaliseUuid(task.characteristic);
    if (characteristic === MANUFACTURER) {
      result.manufacturer = String(decodeTaskValue('string', value)).slice(0, 100) || null;
    } else if (characteristic === BATTERY) {
      const level = decodeTaskValue('integer', value.subarray(0, 1));
      result.batteryLevel = typeof level === 'number' && level >= 0 && level <= 100 ? level : null;
    } else if (decoderFor(characteristic)) {
      take(task, value);
    } else {
      log.debug({ ...context, characteristic: where(task), bytes: value.length }, 'read');
    }
  };

  /** A write; with a next action, the characteristic's own answer is awaited. */
  const write = async (task: DeviceTask, streams: Stream[]) => {
    const bytes = encodeTaskValue(task.dataType, task.writeValue ?? '');
    const answerKind = kindOf(task.nextAction);
    if (!answerKind) {
      if (task.nextAction) log.warn({ ...context, characteristic: where(task), nextAction: task.nextAction }, 'unknown next action; ignored');
      await withTimeout(connection.write(task.service, task.characteristic, bytes), timeoutMs, `writing ${where(task)}`);
      return;
    }
    let answer: (value: Buffer) => void = () => undefined;
    const answered = new Promise<Buffer>((resolve) => (answer = resolve));
    await subscribe(task, answerKind, (value) => answer(value));
    await withTimeout(connection.write(task.service, task.characteristic, bytes), timeoutMs, `writing ${where(task)}`);
    const response = await withTimeout(answered, timeoutMs, `waiting for the ${answerKind} of ${where(task)}`);
    const racp = decodeRacpResponse(response);
    if (racp && racp.result !== RACP_SUCCESS && racp.result !== RACP_NO_RECORDS) {
      log.warn({ ...context, characteristic: where(task), result: racp.result }, 'the device refused the request');
    }
    // Whatever the subscriptions before it were going to send has been sent.
    for (const stream of streams) stream.answered = true;
  };

  const runPhase = async (tasks: DeviceTask[]) => {
    const streams: Stream[] = [];
    for (const task of tasks) {
      switch (task.action) {
        case 'read':
          await read(task);
          break;
        case 'write':
          await write(task, streams);
          break;
        case 'notify':
        case 'indicate': {
          let arrive: () => void = () => undefined;
          const arrived = new Promise<void>((resolve) => (arrive = resolve));
          const stream: Stream = { task, answered: false, firstAt: null, lastAt: 0, arrived, arrive };
          streams.push(stream);
          await subscribe(task, task.action, (value) => {
            if (!take(task, value)) return;
            stream.firstAt ??= Date.now();
            stream.lastAt = Date.now();
            stream.arrive();
          });
          break;
        }
      }
    }
    for (const stream of streams.filter((s) => !s.answered)) {
      await withTimeout(stream.arrived, timeoutMs, `waiting for a measurement from ${where(stream.task)}`);
      // Quiet for settleMs, but never longer than the timeout in all: a streaming device never falls quiet.
      const deadline = (stream.firstAt ?? Date.now()) + timeoutMs;
      while (Date.now() - stream.lastAt < settleMs && Date.now() < deadline) {
        const wait = Math.min(settleMs - (Date.now() - stream.lastAt), deadline - Date.now());
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait)));
      }
    }
  };

  /** Device minus gateway, in ms, if the device has a clock to ask; null otherwise. */
  const clockOffset = async (): Promise<number | null> => {
    try {
      const value = await withTimeout(connection.read(CURRENT_TIME.service, CURRENT_TIME.characteristic), Math.min(timeoutMs, CLOCK_TIMEOUT_MS), 'reading the device clock');
      const deviceNow = decodeCurrentTime(value);
      return deviceNow ? Date.parse(deviceNow) - now().getTime() : null;
    } catch {
      return null;
    }
  };

  try {
    await runPhase(profile.tasks.filter((t) => t.phase === 'start'));
    await runPhase(profile.tasks.filter((t) => t.phase === 'task'));
    result.readings.push(...continuous.values());
    await runPhase(profile.tasks.filter((t) => t.phase === 'end'));
    if (result.readings.some((reading) => reading.takenAt)) {
      const offsetMs = await clockOffset();
      const at = now();
      for (const reading of result.readings) correctClock(reading, offsetMs, at);
      if (result.readings.some((reading) => reading.deviceTakenAt)) {
        // The offset is the device's, not a patient's: safe to log.
        log.warn({ ...context, clockOffsetMs: offsetMs }, 'device clock is off; its time stamps were corrected and the readings flagged');
      }
    }
  } finally {
    for (const unsubscribe of unsubscribes.reverse()) {
      await unsubscribe().catch(() => undefined);
    }
  }
  return result;
}
