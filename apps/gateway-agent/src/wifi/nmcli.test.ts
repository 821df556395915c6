import { describe, expect, it } from 'vitest';
import { nmcliWifi, parseWifiList, splitTerse, WifiError } from './nmcli';

describe('nmcli terse output', () => {
  it('splits on unescaped colons and unescapes \\: and \\\\', () => {
    expect(splitTerse('*:Cafe\\:Guest:72:WPA2')).toEqual(['*', 'Cafe:Guest', '72', 'WPA2']);
    expect(splitTerse(' :back\\\\slash:40:')).toEqual([' ', 'back\\slash', '40', '']);
  });

  it('parses the network list: in-use first, then by signal, hidden ones left out, duplicates merged', () => {
    const output = [
      ' :Neighbours:35:WPA1 WPA2',
      '*:Home\\:5G:81:WPA2',
      ' ::60:WPA2',
      ' :Neighbours:52:WPA1 WPA2',
      ' :Open Cafe:40:--',
      '',
    ].join('\n');
    expect(parseWifiList(output)).toEqual([
      { ssid: 'Home:5G', signal: 81, security: 'WPA2', inUse: true },
      { ssid: 'Neighbours', signal: 52, security: 'WPA1 WPA2', inUse: false },
      { ssid: 'Open Cafe', signal: 40, security: '', inUse: false },
    ]);
  });

  it('runs nmcli with an argument list (no shell) and maps failures to the catalogue keys', async () => {
    const calls: string[][] = [];
    const wifi = nmcliWifi((file, args) => {
      calls.push([file, ...args]);
      if (args.includes('connect')) return Promise.reject(new Error('Secrets were required, but not provided.'));
      return Promise.resolve('*:Home:70:WPA2\n');
    });
    expect(await wifi.scan()).toEqual([{ ssid: 'Home', signal: 70, security: 'WPA2', inUse: true }]);
    await expect(wifi.connect('Home; rm -rf /', 'password1')).rejects.toMatchObject({ key: 'wifiConnectFailed' });
    expect(calls[1]).toEqual(['nmcli', 'dev', 'wifi', 'connect', 'Home; rm -rf /', 'password', 'password1']);
  });

  it('on a machine without nmcli the scan fails with wifiScanFailed', async () => {
    const wifi = nmcliWifi(() => Promise.reject(new Error('spawn nmcli ENOENT')));
    const error = await wifi.scan().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WifiError);
    expect(error).toMatchObject({ key: 'wifiScanFailed' });
  });
});
