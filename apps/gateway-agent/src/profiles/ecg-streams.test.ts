import { randomUUID } from 'node:crypto';
import { POLAR_H10_ECG } from '@opencare/api/device-profiles/vendor-profiles';
import type { DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import type { EcgSamplesPayload, GatewayWork } from '@opencare/schemas/gateway-events';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../ble/simulator';
import { startEcgStreams, type EcgStreams } from './ecg-streams';

const STRAP = 'C4:7C:8D:00:EC:01';
const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const profile: DeviceProfileVersion = {
  profileId: randomUUID(),
  version: 1,
  profileName: POLAR_H10_ECG.profileName,
  vendorId: randomUUID(),
  measurement: 'ecg',
  device: POLAR_H10_ECG.device,
  tasks: POLAR_H10_ECG.tasks,
  completedAt: new Date().toISOString(),
};
const deviceId = randomUUID();
const work = (devices: { address: string }[] = [{ address: STRAP }]): GatewayWork => ({
  gatewayId: randomUUID(),
  devices: devices.map((d) => ({ id: deviceId, profileId: profile.profileId, address: d.address }) as GatewayWork['devices'][number]),
  profiles: [profile],
});

let simulator: Simulator;
let streams: EcgStreams;
afterEach(async () => {
  await streams.stop();
  await simulator.close();
});

describe('live ECG streams', () => {
  it('runs the Polar H10 profile against the simulated strap and hands on 130 Hz batches every 250 ms', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    const batches: EcgSamplesPayload[] = [];
    const states: unknown[] = [];
    let current: GatewayWork | null = work();
    streams = startEcgStreams({ transport: simulator, work: () => current, onBatch: (b) => batches.push(b), onDeviceState: (s) => states.push(s), log });
    streams.refresh();
    await expect.poll(() => batches.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(6);
    expect(states).toEqual([{ deviceId, manufacturer: 'OpenCare Simulated Devices', batteryLevel: null }]);
    expect(batches.map((b) => b.seq)).toEqual(batches.map((_, i) => i));
    for (const batch of batches) {
      expect(batch).toMatchObject({ deviceId, sampleRate: 130 });
      expect(batch.samples.length).toBeGreaterThan(10);
      expect(batch.samples.length).toBeLessThan(70);
    }
    // About 130 samples a second arrive (frames every 100 ms, 13 samples each).
    const total = batches.reduce((n, b) => n + b.samples.length, 0);
    expect(total / batches.length).toBeGreaterThan(20);
    expect(total / batches.length).toBeLessThan(45);

    // The device removed from the work: its stream stops.
    current = work([]);
    streams.refresh();
    expect(streams.streaming()).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    const after = batches.length;
    await new Promise((r) => setTimeout(r, 600));
    expect(batches.length).toBe(after);
  });

  it('tries again when the strap is away, and streams once it is back', async () => {
    simulator = createSimulator({ latencyMs: 1 });
    simulator.setInRange(STRAP, false);
    const batches: EcgSamplesPayload[] = [];
    streams = startEcgStreams({ transport: simulator, work: () => work(), onBatch: (b) => batches.push(b), log, retryMs: 100 });
    streams.refresh();
    await new Promise((r) => setTimeout(r, 400));
    expect(batches).toEqual([]);
    simulator.setInRange(STRAP, true);
    await expect.poll(() => batches.length, { timeout: 5_000 }).toBeGreaterThan(0);
  });
});
