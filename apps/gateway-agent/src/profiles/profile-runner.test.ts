import type { DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import { createMeasurementInputSchema } from '@opencare/schemas/entities/measurements';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, SIMULATED_DEVICES, type Simulator } from '../ble/simulator';
import { TransportError } from '../ble/transport';
import { runProfile, type ProfileLog } from './profile-runner';
import { builtInVersions, versionFor } from './testing/built-in-versions';

const versions = builtInVersions();
const addressOf = (measurement: string) => SIMULATED_DEVICES.find((d) => d.measurement === measurement)!.address;
const FAST = { timeoutMs: 1000, settleMs: 20 };

let simulator: Simulator;
afterEach(async () => simulator.close());

async function run(profile: DeviceProfileVersion, options: Parameters<typeof runProfile>[2] = FAST) {
  const connection = await simulator.connect(addressOf(profile.measurement));
  try {
    return await runProfile(connection, profile, options);
  } finally {
    await connection.disconnect();
  }
}

/** Every line logged, as text, to check no reading leaks into logs. */
function recordingLog(): ProfileLog & { lines: string[] } {
  const lines: string[] = [];
  const write = (obj: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(obj)}`);
  return { lines, debug: write, info: write, warn: write };
}

describe('runProfile with the built-in SIG profiles against the simulator', () => {
  it.each(['bp', 'bt', 'bw', 'ox'] as const)('%s: one reading the edge accepts, the manufacturer and the battery', async (measurement) => {
    simulator = createSimulator({ seed: 5, latencyMs: 1 });
    const result = await run(versionFor(measurement, versions));
    expect(result.manufacturer).toBe('OpenCare Simulated Devices');
    expect(result.batteryLevel).toBeGreaterThanOrEqual(60);
    expect(result.readings).toHaveLength(1);
    const [reading] = result.readings;
    expect(reading?.type).toBe(measurement);
    // What the agent will upload must pass the edge's own validation.
    const input = { id: crypto.randomUUID(), type: measurement, values: reading?.values, ...(reading?.takenAt ? { takenAt: reading.takenAt } : {}) };
    expect(createMeasurementInputSchema.safeParse(input).success).toBe(true);
  });

  it('bp: a forced out-of-range reading comes through unchanged', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    simulator.nextReading(addressOf('bp'), { systolic: 190, diastolic: 110, pulse: 96 });
    const { readings } = await run(versionFor('bp', versions));
    expect(readings[0]?.values).toEqual({ systolic: 190, diastolic: 110, pulse: 96 });
    expect(Date.parse(readings[0]?.takenAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('bp and bw: the meter\'s user index travels with the reading, for the edge to match to the patient', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    // The simulated cuff and scale record every reading under user 1.
    expect((await run(versionFor('bp', versions))).readings[0]?.userIndex).toBe(1);
    expect((await run(versionFor('bw', versions))).readings[0]?.userIndex).toBe(1);
    // A thermometer has no users: nothing to send.
    expect((await run(versionFor('bt', versions))).readings[0]).not.toHaveProperty('userIndex');
  });

  it('bp: a 400 mmHg systolic is still a reading, flagged out of limits for the edge to hold', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    simulator.nextReading(addressOf('bp'), { systolic: 400, diastolic: 90, pulse: 70 });
    const { readings } = await run(versionFor('bp', versions));
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({ values: { systolic: 400, diastolic: 90, pulse: 70 }, flags: ['out-of-limits'] });
  });

  it('a device clock off by hours, asked through its Current Time Service: every time stamp moved by the difference, the device’s own kept and flagged', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const HOUR = 3_600_000;
    for (const offset of [-3 * HOUR, HOUR]) {
      simulator.setClock(addressOf('bp'), offset);
      const [reading] = (await run(versionFor('bp', versions))).readings;
      expect(Math.abs(Date.parse(reading?.takenAt ?? '') - Date.now())).toBeLessThan(60_000);
      expect(Math.abs(Date.parse(reading?.deviceTakenAt ?? '') - (Date.now() + offset))).toBeLessThan(60_000);
      expect(reading?.flags).toContain('clock-corrected');
    }
    // A glucose meter's stored records keep their spacing: each is moved by the same difference.
    simulator.setClock(addressOf('bs'), -2 * HOUR);
    const records = (await run(versionFor('bs', versions))).readings;
    const newest = records.at(-1)!;
    expect(Math.abs(Date.parse(newest.takenAt!) - Date.now())).toBeLessThan(60_000);
    // The same difference for all (the device's clock has whole seconds).
    const moved = records.map((r) => Date.parse(r.deviceTakenAt!) - Date.parse(r.takenAt!));
    expect(new Set(moved).size).toBe(1);
    expect(Math.abs(moved[0]! + 2 * HOUR)).toBeLessThan(2_000);
    // Clocks that agree: the device's own time, no flag.
    simulator.setClock(addressOf('bp'), 60_000);
    const agreeing = await run(versionFor('bp', versions));
    expect(agreeing.readings[0]?.takenAt).not.toBeNull();
    expect(agreeing.readings[0]?.deviceTakenAt).toBeUndefined();
    expect(agreeing.readings[0]?.flags).not.toContain('clock-corrected');
  });

  it('a device with no clock to ask: ahead shows (the capture time is used, flagged), behind cannot be told from a stored reading', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    simulator.setClock(addressOf('bp'), 3_600_000, { currentTimeService: false });
    const ahead = (await run(versionFor('bp', versions))).readings[0];
    expect(ahead?.takenAt).toBeNull();
    expect(Date.parse(ahead?.deviceTakenAt ?? '')).toBeGreaterThan(Date.now() + 3_000_000);
    expect(ahead?.flags).toContain('clock-corrected');
    simulator.setClock(addressOf('bp'), -3_600_000, { currentTimeService: false });
    const behind = (await run(versionFor('bp', versions))).readings[0];
    expect(Math.abs(Date.parse(behind?.takenAt ?? '') - (Date.now() - 3_600_000))).toBeLessThan(60_000);
    expect(behind?.flags).not.toContain('clock-corrected');
  });

  it('bs: writes "report all records" to the RACP and collects every stored record until its indication', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    simulator.nextReading(addressOf('bs'), { glucose: 320 });
    const { readings, manufacturer, batteryLevel } = await run(versionFor('bs', versions));
    expect(readings).toHaveLength(3);
    expect(readings.every((r) => r.type === 'bs' && r.recordKey?.startsWith('glucose:'))).toBe(true);
    expect(readings[2]?.values).toEqual({ glucose: 320 });
    expect(new Set(readings.map((r) => r.recordKey)).size).toBe(3);
    expect(manufacturer).not.toBeNull();
    expect(batteryLevel).not.toBeNull();
  });

  it('ox: waits past the "not a number" frames for the settled value', async () => {
    simulator = createSimulator({ latencyMs: 2 });
    simulator.nextReading(addressOf('ox'), { spo2: 88, pulse: 110 });
    const { readings } = await run(versionFor('ox', versions));
    expect(readings.map((r) => r.values)).toEqual([{ spo2: 88, pulse: 110 }]);
  });

  it('logs characteristics and reasons, never the values', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    simulator.nextReading(addressOf('ox'), { spo2: 87, pulse: 123 });
    const log = recordingLog();
    await run(versionFor('ox', versions), { ...FAST, log });
    expect(log.lines.some((line) => line.includes('SpO2 is NaN'))).toBe(true);
    expect(log.lines.join('\n')).not.toMatch(/\b(87|123)\b/);
  });

  it('times out with a clear error when the measurement never comes', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const glucose = versionFor('bs', versions);
    // Subscribed to the records but never asks for them: a meter sends nothing.
    const silent = { ...glucose, tasks: glucose.tasks.filter((t) => t.characteristic !== '2A52') };
    const error = await run(silent, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toBe('Timed out after 50 ms waiting for a measurement from 1808/2A18');
  });

  it('fails with gatewayCommandError on a characteristic the device does not have', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const bp = versionFor('bp', versions);
    const wrong = { ...bp, tasks: [{ ...bp.tasks[0]!, characteristic: '2A50' }] };
    const error = await run(wrong).catch((e: unknown) => e);
    expect((error as TransportError).key).toBe('gatewayCommandError');
  });

  it('runs start, task and end tasks in phase order whatever the list order', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const bt = versionFor('bt', versions);
    const reordered = { ...bt, tasks: [...bt.tasks].reverse() };
    const calls: string[] = [];
    const connection = await simulator.connect(addressOf('bt'));
    const spy = {
      read: (s: string, c: string) => (calls.push(`read ${c}`), connection.read(s, c)),
      write: (s: string, c: string, v: Buffer) => (calls.push(`write ${c}`), connection.write(s, c, v)),
      subscribe: (s: string, c: string, k: 'notify' | 'indicate', f: (v: Buffer) => void) => (calls.push(`${k} ${c}`), connection.subscribe(s, c, k, f)),
      disconnect: () => connection.disconnect(),
    };
    const result = await runProfile(spy, reordered, FAST);
    await connection.disconnect();
    // Then the device's clock, asked once the readings are in.
    expect(calls).toEqual(['read 2A29', 'indicate 2A1C', 'read 2A19', 'read 2A2B']);
    expect(result.readings).toHaveLength(1);
  });
});
