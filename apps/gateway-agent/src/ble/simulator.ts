import type { DeviceMeasurement } from '@opencare/schemas/lookups';
import { signalBucket } from '@opencare/schemas/entities/gateways';
import { encodeBloodPressure } from '../decoders/blood-pressure';
import { encodeCurrentTime } from '../decoders/date-time';
import {
  encodePmdControlResponse,
  encodePmdEcg,
  pmdTimestamp,
  PMD_ECG,
  PMD_OP_START,
  PMD_OP_STOP,
  PMD_STATUS_SUCCESS,
  requestedSampleRate,
} from '../decoders/polar-pmd';
import { ecgTrace } from './ecg-trace';
import { encodeGlucose, encodeRacpResponse, RACP_NO_RECORDS, RACP_SUCCESS } from '../decoders/glucose';
import { encodePlxContinuous, encodePlxSpotCheck } from '../decoders/pulse-oximeter';
import { encodeTemperature } from '../decoders/temperature';
import { encodeWeight } from '../decoders/weight';
import { TransportError, type Advertisement, type BleTransport, type GattConnection } from './transport';
import { normaliseUuid } from './uuid';

/** Polar's PMD service (vendor-profiles.ts in the API names the same UUIDs for its profile). */
export const PMD_SERVICE = 'FB005C80-02E7-F387-1CAD-8ACD2D8DF0C8';
export const PMD_CONTROL_POINT = 'FB005C81-02E7-F387-1CAD-8ACD2D8DF0C8';
export const PMD_DATA = 'FB005C82-02E7-F387-1CAD-8ACD2D8DF0C8';
/** A strap sends a frame about every 100 ms. */
const PMD_FRAME_MS = 100;
/** PMD error code "invalid measurement type" / "not supported": what a strap answers a request it cannot do. */
const PMD_STATUS_NOT_SUPPORTED = 0x03;

/*
 * Five SIG health devices and a single-lead ECG chest strap without hardware, for demos and tests. Each speaks its real GATT layout:
 * Device Information (0x180A, manufacturer 0x2A29), Battery (0x180F, 0x2A19) and its health service,
 * whose measurement bytes are built with the same encoders the decoder tests check. A device takes a
 * measurement when a gateway subscribes to it (as a cuff sends its result once connected); the glucose
 * meter keeps stored records and sends them when asked through the Record Access Control Point.
 * Values are realistic and deterministic for a seed; `nextReading` forces the next one (an
 * out-of-range systolic to raise an alert, say). The chest strap speaks Polar's PMD (decoders/polar-pmd.ts):
 * asked to start its ECG it streams a realistic trace (ecg-trace.ts) until stopped or disconnected.
 */

export interface SimulatedDevice {
  address: string;
  name: string;
  /** Advertised services, normalised. */
  services: string[];
  measurement: DeviceMeasurement;
  manufacturer: string;
}

/** Fixed addresses, so a demo patient's devices can be seeded once. The last two bytes echo the service. */
export const SIMULATED_DEVICES: readonly SimulatedDevice[] = [
  { address: 'C4:7C:8D:00:18:10', name: 'OpenCare Sim BP Cuff', services: ['1810', '180A', '180F'], measurement: 'bp', manufacturer: 'OpenCare Simulated Devices' },
  { address: 'C4:7C:8D:00:18:09', name: 'OpenCare Sim Thermometer', services: ['1809', '180A', '180F'], measurement: 'bt', manufacturer: 'OpenCare Simulated Devices' },
  { address: 'C4:7C:8D:00:18:08', name: 'OpenCare Sim Glucose Meter', services: ['1808', '180A', '180F'], measurement: 'bs', manufacturer: 'OpenCare Simulated Devices' },
  { address: 'C4:7C:8D:00:18:1D', name: 'OpenCare Sim Scale', services: ['181D', '180A', '180F'], measurement: 'bw', manufacturer: 'OpenCare Simulated Devices' },
  { address: 'C4:7C:8D:00:18:22', name: 'OpenCare Sim Pulse Oximeter', services: ['1822', '180A', '180F'], measurement: 'ox', manufacturer: 'OpenCare Simulated Devices' },
  { address: 'C4:7C:8D:00:EC:01', name: 'OpenCare Sim ECG Strap', services: [PMD_SERVICE, '180D', '180A', '180F'], measurement: 'ecg', manufacturer: 'OpenCare Simulated Devices' },
];

/** Where each device sits in the home: one per signal bucket of spec §9, so scan screens show them all. */
const PLACEMENT: Record<DeviceMeasurement, { rssi: [number, number]; txPower: number | null }> = {
  bp: { rssi: [-30, -22], txPower: -59 }, // excellent: on the table next to the gateway
  bt: { rssi: [-64, -48], txPower: null }, // good
  bs: { rssi: [-75, -68], txPower: -62 }, // average
  bw: { rssi: [-80, -76], txPower: null }, // poor: bathroom
  ox: { rssi: [-92, -81], txPower: -59 }, // bad: another room
  sy: { rssi: [-67, -50], txPower: null },
  ecg: { rssi: [-58, -44], txPower: -59 }, // good: worn by the patient, near the gateway
};

export interface SimulatorOptions {
  /** Seeds values, RSSI and battery levels: the same seed gives the same sequence. */
  seed?: number;
  /** Delay of every GATT operation and notification, in ms (tests use 0–5). */
  latencyMs?: number;
  /** How long a scan listens; defaults to the seconds asked for, at most 2 s, so commands answer fast. */
  scanMs?: number;
  /** The devices' clock. */
  now?: () => Date;
}

export interface Simulator extends BleTransport {
  readonly kind: 'simulator';
  readonly devices: readonly SimulatedDevice[];
  /** Force the values of a device's next measurement (canonical units; missing fields are made up). */
  nextReading(address: string, values: Record<string, number>): void;
  /** A device that is off or out of range cannot be connected to and is not advertised. */
  setInRange(address: string, inRange: boolean): void;
  /**
   * A device's clock `offsetMs` off the true time (ahead when positive): its time stamps and its
   * Current Time; `currentTimeService: false` takes that service away (a device one cannot ask).
   */
  setClock(address: string, offsetMs: number, options?: { currentTimeService?: boolean }): void;
}

type Values = Record<string, number>;
type Listener = (value: Buffer) => void;
interface Characteristic {
  read?: () => Buffer;
  write?: (value: Buffer, link: Link) => void;
  /** It notifies or indicates. */
  subscribable?: boolean;
  /** What a subscription sets off (a measurement being taken). */
  onSubscribe?: (link: Link) => void;
}
interface Link {
  emit(service: string, characteristic: string, value: Buffer, delayMs?: number): void;
  /** Runs `tick` every `everyMs` while connected; returns its stop. */
  repeat(everyMs: number, tick: () => void): () => void;
  isSubscribed(service: string, characteristic: string): boolean;
}
interface DeviceState {
  device: SimulatedDevice;
  battery: number;
  connections: number;
  inRange: boolean;
  forced: Values | null;
  glucoseRecords: { sequence: number; glucose: number; at: Date }[];
  clockOffsetMs: number;
  currentTimeService: boolean;
}

/** mulberry32: small, fast and good enough for plausible jitter; determinism is what tests need. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const delay = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
const key = (service: string, characteristic: string) => `${normaliseUuid(service)}/${normaliseUuid(characteristic)}`;

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const rand = random(options.seed ?? 7);
  const latency = options.latencyMs ?? 20;
  const now = options.now ?? (() => new Date());
  const between = (low: number, high: number, decimals = 0) => Number((low + rand() * (high - low)).toFixed(decimals));
  const timers = new Set<NodeJS.Timeout>();
  const connections = new Set<GattConnection>();
  let closed = false;

  const states = new Map<string, DeviceState>(
    SIMULATED_DEVICES.map((device) => [
      device.address,
      { device, battery: between(60, 100), connections: 0, inRange: true, forced: null, glucoseRecords: [], clockOffsetMs: 0, currentTimeService: true },
    ]),
  );
  // The meter was used twice before the gateway first met it.
  const meter = states.get('C4:7C:8D:00:18:08');
  if (meter) {
    const start = now().getTime();
    meter.glucoseRecords.push(
      { sequence: 1, glucose: between(85, 125), at: new Date(start - 26 * 3600_000) },
      { sequence: 2, glucose: between(85, 125), at: new Date(start - 2 * 3600_000) },
    );
  }

  const stateOf = (address: string): DeviceState => {
    const state = states.get(address.toUpperCase());
    if (!state) throw new TransportError('gatewayCommandError', `No simulated device at ${address}`);
    return state;
  };
  const take = (state: DeviceState, made: Values): Values => {
    const values = { ...made, ...state.forced };
    state.forced = null;
    return values;
  };

  /** Realistic values of each measurement, in canonical units. */
  const makeValues: Record<DeviceMeasurement, () => Values> = {
    bp: () => ({ systolic: between(112, 134), diastolic: between(70, 84), pulse: between(60, 80) }),
    bt: () => ({ temperature: between(36.3, 37.2, 1) }),
    bs: () => ({ glucose: between(85, 130) }),
    // Scales show 0.05 kg steps.
    bw: () => ({ weight: Number((Math.round(between(70.2, 71.8, 3) / 0.05) * 0.05).toFixed(2)) }),
    ox: () => ({ spo2: between(95, 99), pulse: between(60, 80) }),
    sy: () => ({}),
    ecg: () => ({}),
  };

  /** The device's own clock, off by its offset. */
  const clockOf = (state: DeviceState) => new Date(now().getTime() + state.clockOffsetMs);

  function gatt(state: DeviceState): Map<string, Characteristic> {
    const table = new Map<string, Characteristic>([
      [key('180A', '2A29'), { read: () => Buffer.from(state.device.manufacturer, 'utf8') }],
      [key('180A', '2A24'), { read: () => Buffer.from(state.device.name, 'utf8') }],
      [key('180F', '2A19'), { read: () => Buffer.from([state.battery]) }],
    ]);
    if (state.currentTimeService) table.set(key('1805', '2A2B'), { read: () => encodeCurrentTime(clockOf(state)) });
    const v = (values: Values, field: string) => values[field] ?? 0;
    switch (state.device.measurement) {
      case 'bp':
        table.set(key('1810', '2A35'), {
          subscribable: true,
          onSubscribe: (link) => {
            const values = take(state, makeValues.bp());
            const frame = { systolic: v(values, 'systolic'), diastolic: v(values, 'diastolic'), pulse: values.pulse, at: clockOf(state), userId: 1, status: 0 };
            link.emit('1810', '2A35', encodeBloodPressure(frame));
          },
        });
        break;
      case 'bt':
        table.set(key('1809', '2A1C'), {
          subscribable: true,
          onSubscribe: (link) => {
            const values = take(state, makeValues.bt());
            link.emit('1809', '2A1C', encodeTemperature({ temperature: v(values, 'temperature'), unit: 'C', at: clockOf(state), site: 3 }));
          },
        });
        break;
      case 'bw':
        table.set(key('181D', '2A9D'), {
          subscribable: true,
          onSubscribe: (link) => {
            const values = take(state, makeValues.bw());
            link.emit('181D', '2A9D', encodeWeight({ weight: v(values, 'weight'), unit: 'kg', at: clockOf(state), userId: 1 }));
          },
        });
        break;
      case 'ox': {
        const frame = () => {
          const values = take(state, makeValues.ox());
          return { spo2: v(values, 'spo2'), pulse: v(values, 'pulse'), measurementStatus: 0 };
        };
        table.set(key('1822', '2A5F'), {
          subscribable: true,
          onSubscribe: (link) => {
            // While it finds the pulse a real oximeter streams "not a number" (0x07FF) first.
            link.emit('1822', '2A5F', Buffer.from([0x00, 0xff, 0x07, 0xff, 0x07]));
            link.emit('1822', '2A5F', encodePlxContinuous(frame()), latency * 2);
          },
        });
        table.set(key('1822', '2A5E'), {
          subscribable: true,
          onSubscribe: (link) => link.emit('1822', '2A5E', encodePlxSpotCheck({ ...frame(), at: clockOf(state) })),
        });
        break;
      }
      case 'bs':
        table.set(key('1808', '2A18'), { subscribable: true });
        table.set(key('1808', '2A52'), {
          subscribable: true,
          write: (value, link) => {
            if (!link.isSubscribed('1808', '2A52')) {
              // ATT error "Client Characteristic Configuration Descriptor Improperly Configured".
              throw new TransportError('gatewayCommandError', 'Record Access Control Point indications are not enabled');
            }
            if (value[0] !== 0x01) return link.emit('1808', '2A52', encodeRacpResponse(value[0] ?? 0, 0x02));
            const records = state.glucoseRecords;
            records.forEach((record) =>
              link.emit('1808', '2A18', encodeGlucose({ ...record, offsetMinutes: 0, unit: 'kg/L', status: 0 })),
            );
            link.emit('1808', '2A52', encodeRacpResponse(0x01, records.length > 0 ? RACP_SUCCESS : RACP_NO_RECORDS));
          },
        });
        break;
      case 'ecg': {
        let stopStream: (() => void) | null = null;
        table.set(key(PMD_SERVICE, PMD_DATA), { subscribable: true });
        table.set(key(PMD_SERVICE, PMD_CONTROL_POINT), {
          subscribable: true,
          write: (value, link) => {
            if (!link.isSubscribed(PMD_SERVICE, PMD_CONTROL_POINT)) {
              throw new TransportError('gatewayCommandError', 'PMD control point indications are not enabled');
            }
            const op = value[0] ?? 0;
            if (op === PMD_OP_STOP) {
              stopStream?.();
              stopStream = null;
              return link.emit(PMD_SERVICE, PMD_CONTROL_POINT, encodePmdControlResponse(op, PMD_ECG, PMD_STATUS_SUCCESS));
            }
            const rate = requestedSampleRate(value);
            if (rate !== 130) return link.emit(PMD_SERVICE, PMD_CONTROL_POINT, encodePmdControlResponse(op, value[1] ?? 0, PMD_STATUS_NOT_SUPPORTED));
            link.emit(PMD_SERVICE, PMD_CONTROL_POINT, encodePmdControlResponse(PMD_OP_START, PMD_ECG, PMD_STATUS_SUCCESS));
            stopStream?.();
            const trace = ecgTrace({ sampleRate: rate, seed: rand() * 2 ** 32, bpm: between(64, 84) });
            let owed = 0;
            stopStream = link.repeat(PMD_FRAME_MS, () => {
              // 13 samples per 100 ms is 130 Hz.
              owed += (rate * PMD_FRAME_MS) / 1000;
              const count = Math.floor(owed);
              owed -= count;
              link.emit(PMD_SERVICE, PMD_DATA, encodePmdEcg({ timestampNs: pmdTimestamp(now()), samples: trace.next(count) }), 0);
            });
          },
        });
        break;
      }
      case 'sy':
        break;
    }
    return table;
  }

  /** What happens on the device when a gateway connects: a new glucose record, the battery wearing down. */
  function onConnect(state: DeviceState): void {
    state.connections += 1;
    if (state.connections % 5 === 0) state.battery = Math.max(5, state.battery - 1);
    if (state.device.measurement === 'bs') {
      const values = take(state, makeValues.bs());
      const last = state.glucoseRecords.at(-1)?.sequence ?? 0;
      state.glucoseRecords.push({ sequence: last + 1, glucose: values.glucose ?? 100, at: clockOf(state) });
      // Meters keep a bounded memory; oldest records go first.
      if (state.glucoseRecords.length > 10) state.glucoseRecords.shift();
    }
  }

  function connectTo(state: DeviceState): GattConnection {
    const table = gatt(state);
    const listeners = new Map<string, Set<Listener>>();
    const repeating = new Set<NodeJS.Timeout>();
    let open = true;
    const characteristic = (service: string, char: string): Characteristic => {
      if (!open || closed) throw new TransportError('gatewayCommandError', `Not connected to ${state.device.address}`);
      const found = table.get(key(service, char));
      if (!found) throw new TransportError('gatewayCommandError', `${state.device.address} has no characteristic ${key(service, char)}`);
      return found;
    };
    const link: Link = {
      emit(service, char, value, delayMs = latency) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!open) return;
          for (const listener of listeners.get(key(service, char)) ?? []) listener(Buffer.from(value));
        }, delayMs);
        timers.add(timer);
      },
      isSubscribed: (service, char) => (listeners.get(key(service, char))?.size ?? 0) > 0,
      repeat(everyMs, tick) {
        const timer = setInterval(() => {
          if (open && !closed) tick();
        }, everyMs);
        repeating.add(timer);
        return () => {
          clearInterval(timer);
          repeating.delete(timer);
        };
      },
    };
    const connection: GattConnection = {
      async read(service, char) {
        await delay(latency);
        const found = characteristic(service, char);
        if (!found.read) throw new TransportError('gatewayCommandError', `${key(service, char)} cannot be read`);
        return found.read();
      },
      async write(service, char, value) {
        await delay(latency);
        const found = characteristic(service, char);
        if (!found.write) throw new TransportError('gatewayCommandError', `${key(service, char)} cannot be written`);
        found.write(Buffer.from(value), link);
      },
      async subscribe(service, char, _kind, onValue) {
        await delay(latency);
        const found = characteristic(service, char);
        if (!found.subscribable) {
          throw new TransportError('gatewayCommandError', `${key(service, char)} cannot notify or indicate`);
        }
        const set = listeners.get(key(service, char)) ?? new Set<Listener>();
        set.add(onValue);
        listeners.set(key(service, char), set);
        found.onSubscribe?.(link);
        return async () => {
          set.delete(onValue);
          await delay(latency);
        };
      },
      async disconnect() {
        open = false;
        listeners.clear();
        for (const timer of repeating) clearInterval(timer);
        repeating.clear();
        connections.delete(connection);
        await delay(latency);
      },
    };
    connections.add(connection);
    return connection;
  }

  return {
    kind: 'simulator',
    devices: SIMULATED_DEVICES,
    async scan(seconds) {
      if (closed) throw new TransportError('gatewayCommandError', 'The simulator is closed');
      await delay(options.scanMs ?? Math.min(seconds, 2) * 1000);
      const heard: Advertisement[] = [];
      for (const state of states.values()) {
        if (!state.inRange) continue;
        const placement = PLACEMENT[state.device.measurement];
        const rssi = Math.round(between(placement.rssi[0], placement.rssi[1]));
        heard.push({ address: state.device.address, name: state.device.name, rssi, services: [...state.device.services], txPower: placement.txPower });
      }
      return heard.sort((a, b) => b.rssi - a.rssi);
    },
    async connect(address) {
      if (closed) throw new TransportError('gatewayCommandError', 'The simulator is closed');
      const state = stateOf(address);
      await delay(latency);
      if (!state.inRange) throw new TransportError('gatewayCommandError', `${state.device.address} did not answer`);
      onConnect(state);
      return connectTo(state);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...connections].map((connection) => connection.disconnect()));
    },
    nextReading(address, values) {
      const state = stateOf(address);
      state.forced = { ...state.forced, ...values };
    },
    setInRange(address, inRange) {
      stateOf(address).inRange = inRange;
    },
    setClock(address, offsetMs, clockOptions = {}) {
      const state = stateOf(address);
      state.clockOffsetMs = offsetMs;
      state.currentTimeService = clockOptions.currentTimeService ?? true;
    },
  };
}

/** For tests and scan screens: the bucket each simulated device always advertises in. */
export const simulatedBucket = (device: SimulatedDevice) => signalBucket(PLACEMENT[device.measurement].rssi[0]);
