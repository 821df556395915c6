import { signalBucket } from '@opencare/schemas/entities/gateways';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeBloodPressure } from '../decoders/blood-pressure';
import { decodeGlucose, decodeRacpResponse } from '../decoders/glucose';
import { decodePlxContinuous } from '../decoders/pulse-oximeter';
import { decodeTemperature } from '../decoders/temperature';
import { decodeWeight } from '../decoders/weight';
import { createSimulator, SIMULATED_DEVICES, type Simulator } from './simulator';
import { TransportError } from './transport';

const CUFF = 'C4:7C:8D:00:18:10';
const METER = 'C4:7C:8D:00:18:08';
let simulator: Simulator;
afterEach(async () => simulator.close());

const make = (seed = 1) => (simulator = createSimulator({ seed, latencyMs: 1, scanMs: 0 }));

/** The first value a subscription receives. */
async function firstValue(address: string, service: string, characteristic: string, kind: 'notify' | 'indicate' = 'indicate') {
  const connection = await simulator.connect(address);
  const value = await new Promise<Buffer>((resolve) => void connection.subscribe(service, characteristic, kind, resolve));
  await connection.disconnect();
  return value;
}

async function rejection(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

describe('simulator', () => {
  it('advertises the five SIG health devices with their services', async () => {
    const heard = await make().scan(1);
    expect(heard.map((ad) => ad.address).sort()).toEqual(SIMULATED_DEVICES.map((d) => d.address).sort());
    const cuff = heard.find((ad) => ad.address === CUFF);
    expect(cuff).toMatchObject({ name: 'OpenCare Sim BP Cuff', services: ['1810', '180A', '180F'] });
  });

  it('puts one device in each signal bucket of spec §9, with an RSSI that varies', async () => {
    make(3);
    const scans = [await simulator.scan(1), await simulator.scan(1), await simulator.scan(1)];
    for (const heard of scans) {
      expect(new Set(heard.map((ad) => signalBucket(ad.rssi)))).toEqual(new Set(['excellent', 'good', 'average', 'poor', 'bad']));
    }
    const cuffRssi = scans.map((heard) => heard.find((ad) => ad.address === CUFF)?.rssi);
    expect(new Set(cuffRssi).size).toBeGreaterThan(1);
  });

  it('is deterministic for a seed', async () => {
    const a = await make(9).scan(1);
    await simulator.close();
    const b = await make(9).scan(1);
    expect(b).toEqual(a);
  });

  it('serves the manufacturer name and a battery level', async () => {
    const connection = await make().connect(CUFF);
    expect((await connection.read('180A', '2A29')).toString('utf8')).toBe('OpenCare Simulated Devices');
    const battery = (await connection.read('0000180f-0000-1000-8000-00805f9b34fb', '2a19')).readUInt8(0);
    expect(battery).toBeGreaterThanOrEqual(60);
    expect(battery).toBeLessThanOrEqual(100);
  });

  it('takes realistic measurements in the SIG byte layouts', async () => {
    make();
    const bp = decodeBloodPressure(await firstValue(CUFF, '1810', '2A35'));
    expect(bp.ok && bp.reading.values.systolic).toBeGreaterThanOrEqual(112);
    expect(bp.ok && bp.reading.takenAt).toBeTruthy();
    const bt = decodeTemperature(await firstValue('C4:7C:8D:00:18:09', '1809', '2A1C'));
    expect(bt.ok && bt.reading.values.temperature).toBeGreaterThan(36);
    const bw = decodeWeight(await firstValue('C4:7C:8D:00:18:1D', '181D', '2A9D'));
    expect(bw.ok && bw.reading.values.weight).toBeGreaterThan(69);
  });

  it('streams "not a number" from the oximeter before the settled value', async () => {
    const connection = await make().connect('C4:7C:8D:00:18:22');
    const values: Buffer[] = [];
    await connection.subscribe('1822', '2A5F', 'notify', (value) => values.push(value));
    await expect.poll(() => values.length).toBe(2);
    expect(decodePlxContinuous(values[0]!).ok).toBe(false);
    const settled = decodePlxContinuous(values[1]!);
    expect(settled.ok && settled.reading.values.spo2).toBeGreaterThanOrEqual(95);
  });

  it('uses a forced next reading once', async () => {
    make();
    simulator.nextReading(CUFF, { systolic: 190, diastolic: 95 });
    const forced = decodeBloodPressure(await firstValue(CUFF, '1810', '2A35'));
    expect(forced.ok && forced.reading.values).toMatchObject({ systolic: 190, diastolic: 95 });
    const next = decodeBloodPressure(await firstValue(CUFF, '1810', '2A35'));
    expect(next.ok && next.reading.values.systolic).toBeLessThan(140);
  });

  it('sends the glucose records when asked through the Record Access Control Point', async () => {
    make();
    simulator.nextReading(METER, { glucose: 250 });
    const connection = await simulator.connect(METER);
    const records: Buffer[] = [];
    await connection.subscribe('1808', '2A18', 'notify', (value) => records.push(value));
    const done = new Promise<Buffer>((resolve) => void connection.subscribe('1808', '2A52', 'indicate', resolve));
    await connection.write('1808', '2A52', Buffer.from([0x01, 0x01]));
    expect(decodeRacpResponse(await done)).toEqual({ requestOpCode: 1, result: 1 });
    // Two records from before, and the one just taken.
    const glucose = records.map((value) => decodeGlucose(value)).map((r) => (r.ok ? r.reading.values.glucose : null));
    expect(glucose).toHaveLength(3);
    expect(glucose[2]).toBe(250);
  });

  it('refuses a RACP request when its indications are not enabled', async () => {
    const connection = await make().connect(METER);
    const error = await rejection(connection.write('1808', '2A52', Buffer.from([0x01, 0x01])));
    expect(error.key).toBe('gatewayCommandError');
  });

  it('answers unknown devices, services and characteristics with gatewayCommandError', async () => {
    make();
    expect((await rejection(simulator.connect('00:11:22:33:44:55'))).key).toBe('gatewayCommandError');
    const connection = await simulator.connect(CUFF);
    expect((await rejection(connection.read('1809', '2A1C'))).key).toBe('gatewayCommandError');
    expect((await rejection(connection.read('180A', '2A50'))).key).toBe('gatewayCommandError');
    expect((await rejection(connection.subscribe('180A', '2A29', 'notify', () => undefined))).key).toBe('gatewayCommandError');
    await connection.disconnect();
    expect((await rejection(connection.read('180A', '2A29'))).key).toBe('gatewayCommandError');
  });

  it('does not advertise or connect a device out of range', async () => {
    make();
    simulator.setInRange(CUFF, false);
    expect((await simulator.scan(1)).map((ad) => ad.address)).not.toContain(CUFF);
    expect((await rejection(simulator.connect(CUFF))).message).toMatch(/did not answer/);
  });
});
