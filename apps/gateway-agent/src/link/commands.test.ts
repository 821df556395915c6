import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, silentLogger } from '../logger';
import { nmcliWifi, runCommand } from '../wifi/nmcli';
import { commandHandlers, scanNearby, toNearbyDevice } from './commands';

describe('scan results', () => {
  it('carry the spec §9 signal bucket, an estimated distance and the measurement of a health service', () => {
    expect(toNearbyDevice({ address: 'c4:7c:8d:00:18:10', name: 'Cuff', rssi: -59, services: ['00001810-0000-1000-8000-00805f9b34fb'], txPower: null })).toEqual({
      address: 'C4:7C:8D:00:18:10',
      name: 'Cuff',
      rssi: -59,
      signal: 'good',
      distanceM: 1,
      services: ['1810'],
      measurement: 'bp',
    });
    expect(toNearbyDevice({ address: 'c4:7c:8d:00:18:1d', name: null, rssi: -90, services: ['181d'], txPower: null }).services).toEqual(['181D']);
  });

  it('are sorted strongest first', async () => {
    const scanner = {
      scan: () =>
        Promise.resolve([
          { address: 'AA:00:00:00:00:01', name: null, rssi: -85, services: [], txPower: null },
          { address: 'AA:00:00:00:00:02', name: null, rssi: -25, services: ['1822'], txPower: -59 },
        ]),
    };
    const devices = await scanNearby(scanner, 1);
    expect(devices.map((d) => [d.signal, d.measurement])).toEqual([
      ['excellent', 'ox'],
      ['bad', null],
    ]);
  });
});

describe('command acknowledgements', () => {
  const handlers = (scanError?: Error & { key?: string }) =>
    commandHandlers({
      scanner: () => ({ scan: () => (scanError ? Promise.reject(scanError) : Promise.resolve([])) }),
      wifi: nmcliWifi(() => Promise.reject(new Error('spawn nmcli ENOENT'))),
      log: silentLogger(),
    });
  const ack = <T>(run: (reply: (answer: T) => void) => void) => new Promise<T>((resolve) => run(resolve));

  it('answer a Bluetooth failure with its catalogue key and message', async () => {
    const off = Object.assign(new Error('hci0 down'), { key: 'bluetoothOff' });
    expect(await ack((reply) => handlers(off)['command:scan']({ seconds: 2 }, reply))).toEqual({ error: 'bluetoothOff', message: 'Bluetooth is turned off.' });
    expect(await ack((reply) => handlers(new Error('weird'))['command:scan']({ seconds: 2 }, reply))).toMatchObject({ error: 'gatewayCommandError' });
    expect(await ack((reply) => handlers()['command:scan']({ seconds: 99 }, reply))).toMatchObject({ error: 'validationFailed' });
  });

  it('answer Wi-Fi failures with wifiScanFailed / wifiConnectFailed, never the details', async () => {
    expect(await ack((reply) => handlers()['command:wifiScan']({}, reply))).toEqual({ error: 'wifiScanFailed', message: 'The Wi-Fi scan failed.' });
    expect(await ack((reply) => handlers()['command:wifiConnect']({ ssid: 'Home', password: 'password1' }, reply))).toEqual({
      error: 'wifiConnectFailed',
      message: 'The gateway could not connect to Wi-Fi.',
    });
  });
});

describe('the Wi-Fi password', () => {
  /**
   * A real program stands in for nmcli: it fails, once silently (Node's own error message then quotes
   * the whole command line) and once echoing its arguments on stderr. Neither the acknowledgement nor
   * any log line may carry the password.
   */
  it.each([
    ['fails without a word', ['-c', 'exit 4', 'nmcli']],
    ['echoes its arguments on stderr', ['-c', 'echo "nmcli $*" >&2; exit 4', 'nmcli']],
  ])('never reaches a log line or the edge when nmcli %s', async (_name, shell) => {
    const password = 'Hunter2-Secret-Pass';
    const lines: string[] = [];
    const log = createLogger('debug', new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
    const wifi = nmcliWifi((_file, args, timeoutMs) => runCommand('/bin/sh', [...shell, ...args], timeoutMs));
    const { 'command:wifiConnect': connect } = commandHandlers({ scanner: () => null, wifi, log });
    const ack = await new Promise<unknown>((resolve) => connect({ ssid: 'Home', password }, resolve));
    expect(ack).toEqual({ error: 'wifiConnectFailed', message: 'The gateway could not connect to Wi-Fi.' });
    expect(lines.some((line) => line.includes('Wi-Fi connect failed'))).toBe(true);
    expect(lines.join('\n')).not.toContain(password);
    expect(JSON.stringify(ack)).not.toContain(password);
  });
});
