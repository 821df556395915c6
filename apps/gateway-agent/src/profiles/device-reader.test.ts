import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../ble/simulator';
import type { BleTransport } from '../ble/transport';
import { startDeviceReader, type DeviceReader, type DeviceReaderOptions, type DeviceState, type ReaderLog } from './device-reader';
import type { ProfileReading } from './profile-runner';
import { simulatedWork } from './testing/built-in-versions';

const CUFF = 'C4:7C:8D:00:18:10';
let simulator: Simulator;
let reader: DeviceReader | undefined;
afterEach(async () => {
  await reader?.stop();
  reader = undefined;
  await simulator.close();
});

function recordingLog(): ReaderLog & { lines: { level: string; msg: string; obj: object }[] } {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, msg, obj });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** The simulator, counting how many connections are open at once. */
function counting(transport: BleTransport) {
  const stats = { open: 0, most: 0, connects: 0 };
  const wrapped: BleTransport = {
    kind: transport.kind,
    scan: (seconds) => transport.scan(seconds),
    close: () => transport.close(),
    async connect(address) {
      const connection = await transport.connect(address);
      stats.connects += 1;
      stats.open += 1;
      stats.most = Math.max(stats.most, stats.open);
      return {
        ...connection,
        read: connection.read.bind(connection),
        write: connection.write.bind(connection),
        subscribe: connection.subscribe.bind(connection),
        async disconnect() {
          stats.open -= 1;
          await connection.disconnect();
        },
      };
    },
  };
  return { wrapped, stats };
}

function start(overrides: Partial<DeviceReaderOptions> = {}) {
  simulator ??= createSimulator({ latencyMs: 1 });
  const work = simulatedWork();
  const readings: { deviceId: string; reading: ProfileReading }[] = [];
  const states: DeviceState[] = [];
  const log = recordingLog();
  reader = startDeviceReader({
    transport: simulator,
    work: () => work,
    onReading: (deviceId, reading) => void readings.push({ deviceId, reading }),
    onDeviceState: (state) => void states.push(state),
    intervalMs: 60_000,
    log,
    timeoutMs: 1000,
    settleMs: 10,
    ...overrides,
  });
  const idOf = (address: string) => work.devices.find((d) => d.address === address)!.id;
  return { work, readings, states, log, reader, idOf };
}

describe('startDeviceReader', () => {
  it('reads every paired device at start, one at a time, and hands on readings and device state', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const { wrapped, stats } = counting(simulator);
    const { readings, states, work, reader } = start({ transport: wrapped });
    await reader.readNow(); // queued after the first pass, so both are done
    expect(stats.most).toBe(1);
    expect(stats.connects).toBe(10);
    // The ECG strap is not read in passes: it streams (ecg-streams.ts).
    expect(states.slice(0, 5).map((s) => s.deviceId)).toEqual(work.devices.filter((d) => d.measurement !== 'ecg').map((d) => d.id));
    expect(states.every((s) => s.manufacturer === 'OpenCare Simulated Devices' && typeof s.batteryLevel === 'number')).toBe(true);
    const types = readings.map((r) => r.reading.type);
    // First pass: bp, bt, 3 glucose records, bw, ox. Second: one of each, and only the new glucose record.
    expect(types.filter((t) => t === 'bs')).toHaveLength(4);
    expect(types.filter((t) => t === 'bp')).toHaveLength(2);
    expect(new Set(readings.filter((r) => r.reading.recordKey).map((r) => r.reading.recordKey)).size).toBe(4);
  });

  it('readNow(deviceId) reads that device only, with a forced reading', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const { readings, reader, idOf } = start();
    await reader.readNow();
    readings.length = 0;
    simulator.nextReading(CUFF, { systolic: 190, diastolic: 100 });
    await reader.readNow(idOf(CUFF));
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({ deviceId: idOf(CUFF), reading: { type: 'bp', values: { systolic: 190, diastolic: 100 } } });
  });

  it('logs a device that does not answer and goes on with the others', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    simulator.setInRange(CUFF, false);
    const { readings, log, reader, idOf } = start();
    await reader.readNow();
    expect(readings.some((r) => r.reading.type === 'bt')).toBe(true);
    expect(readings.some((r) => r.deviceId === idOf(CUFF))).toBe(false);
    const failed = log.lines.find((line) => line.msg === 'device read failed');
    expect(failed?.obj).toMatchObject({ deviceId: idOf(CUFF), key: 'gatewayCommandError' });
  });

  it('survives a failing onReading and skips devices whose profile it lacks', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const work = simulatedWork();
    work.profiles = work.profiles.filter((p) => p.measurement === 'bp');
    const states: DeviceState[] = [];
    const log = recordingLog();
    reader = startDeviceReader({
      transport: simulator,
      work: () => work,
      onReading: () => Promise.reject(new Error('disk full')),
      onDeviceState: (state) => void states.push(state),
      intervalMs: 60_000,
      log,
      settleMs: 10,
    });
    await reader.readNow();
    expect(states).toHaveLength(0);
    expect(log.lines.filter((l) => l.msg === 'device read failed').every((l) => JSON.stringify(l.obj).includes('disk full'))).toBe(true);
    expect(log.lines.filter((l) => l.msg === 'no completed profile for this device yet')).toHaveLength(10);
  });

  it('does nothing without work, and reads again every interval', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    let work: ReturnType<typeof simulatedWork> | null = null;
    const states: DeviceState[] = [];
    reader = startDeviceReader({
      transport: simulator,
      work: () => work,
      onReading: () => undefined,
      onDeviceState: (state) => void states.push(state),
      intervalMs: 20,
      log: recordingLog(),
      settleMs: 5,
    });
    await reader.readNow();
    expect(states).toHaveLength(0);
    work = simulatedWork();
    work.devices = work.devices.slice(0, 1);
    await expect.poll(() => states.length, { timeout: 2000 }).toBeGreaterThanOrEqual(3);
  });

  it('stop() waits for the pass under way, then reads no more', async () => {
    simulator = createSimulator({ latencyMs: 5 });
    const { readings, reader } = start({ intervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 15));
    await reader.stop();
    const count = readings.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readings.length).toBe(count);
    await reader.readNow();
    expect(readings.length).toBe(count);
  });
});

describe('stored records', () => {
  it('are handed on again when the queue failed to take them', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const work = simulatedWork();
    work.devices = work.devices.filter((d) => d.measurement === 'bs');
    const taken: (string | undefined)[] = [];
    let failing = true;
    reader = startDeviceReader({
      transport: simulator,
      work: () => work,
      onReading: (_, reading) => (failing ? Promise.reject(new Error('disk full')) : void taken.push(reading.recordKey)),
      onDeviceState: () => undefined,
      intervalMs: 60_000,
      log: recordingLog(),
      settleMs: 5,
    });
    await reader.readNow();
    failing = false;
    await reader.readNow();
    // Three passes (at start, and two asked for): the two old records and one new per connection,
    // none lost although the first two passes failed to hand them on, none twice.
    expect(taken).toHaveLength(5);
    expect(new Set(taken).size).toBe(5);
  });
});

describe('exclusive radio work', () => {
  it('runs a scan between passes, never during a connection', async () => {
    simulator = createSimulator({ latencyMs: 2, scanMs: 0 });
    const { wrapped, stats } = counting(simulator);
    const { reader } = start({ transport: wrapped });
    const openDuringScan = await reader.exclusive(async () => {
      const open = stats.open;
      await wrapped.scan(1);
      return open;
    });
    expect(openDuringScan).toBe(0);
    // The first pass ran to the end before the scan.
    expect(stats.connects).toBe(5);
    await expect(reader.exclusive(() => Promise.reject(new Error('scan failed')))).rejects.toThrow('scan failed');
    await reader.readNow();
    expect(stats.connects).toBe(10);
  });
});
