import { execFile } from 'node:child_process';
import type { WifiNetwork } from '@opencare/schemas/entities/gateways';

/*
 * Wi-Fi through NetworkManager's nmcli (Raspberry Pi OS and most Linux images have it). Always
 * execFile with an argument list, never a shell: the SSID and password come from a patient's screen.
 */

export class WifiError extends Error {
  constructor(
    public readonly key: 'wifiScanFailed' | 'wifiConnectFailed',
    message: string,
  ) {
    super(message);
  }
}

/** Splits one `nmcli -t` line: fields separated by ':', with ':' and '\' escaped by a backslash. */
export function splitTerse(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && i + 1 < line.length) {
      current += line[i + 1];
      i += 1;
    } else if (c === ':') {
      fields.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  fields.push(current);
  return fields;
}

/**
 * Parses `nmcli -t -f IN-USE,SSID,SIGNAL,SECURITY dev wifi list`. Hidden networks (no SSID) are
 * left out; a network heard on several access points is listed once, in use or strongest first.
 */
export function parseWifiList(output: string): WifiNetwork[] {
  const bySsid = new Map<string, WifiNetwork>();
  for (const line of output.split('\n')) {
    if (!line.trim()) continue;
    const [inUse = '', ssid = '', signalText = '', security = ''] = splitTerse(line);
    if (!ssid) continue;
    const signal = Math.max(0, Math.min(100, Number.parseInt(signalText, 10) || 0));
    const network: WifiNetwork = { ssid, signal, security: security === '--' ? '' : security.trim(), inUse: inUse.trim() === '*' };
    const known = bySsid.get(ssid);
    if (!known || (network.inUse && !known.inUse) || (network.inUse === known.inUse && network.signal > known.signal)) {
      bySsid.set(ssid, network);
    }
  }
  return [...bySsid.values()].sort((a, b) => Number(b.inUse) - Number(a.inUse) || b.signal - a.signal || a.ssid.localeCompare(b.ssid));
}

type Run = (file: string, args: string[], timeoutMs: number) => Promise<string>;

/**
 * Runs a program. A failure says what the program printed on stderr, or how it ended; never Node's
 * own message, which quotes the whole command line (and so the Wi-Fi password the patient typed).
 */
export const runCommand: Run = (file, args, timeoutMs) =>
  new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, encoding: 'utf8', env: { LC_ALL: 'C' } }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const code = (error as { code?: unknown }).code;
      const status = typeof code === 'number' ? String(code) : (error.signal ?? 'unknown');
      const ended = error.killed ? 'timed out' : typeof code === 'string' ? code : `exited with ${status}`;
      reject(new Error((stderr.trim() || `${file} ${ended}`).slice(0, 300)));
    });
  });

/** A message with every occurrence of a secret blotted out. */
const without = (message: string, secret: string) => (secret ? message.split(secret).join('[hidden]') : message);

export interface Wifi {
  scan(): Promise<WifiNetwork[]>;
  connect(ssid: string, password: string): Promise<{ ssid: string }>;
}

/** nmcli-backed Wi-Fi; `runner` is replaceable for tests. Missing nmcli → the failure keys. */
export function nmcliWifi(runner: Run = runCommand): Wifi {
  return {
    async scan() {
      try {
        // --rescan yes: the list is what the radio hears now, not a cache from minutes ago.
        return parseWifiList(await runner('nmcli', ['-t', '-f', 'IN-USE,SSID,SIGNAL,SECURITY', 'dev', 'wifi', 'list', '--rescan', 'yes'], 15_000));
      } catch (error) {
        throw new WifiError('wifiScanFailed', `Wi-Fi scan failed: ${(error as Error).message}`);
      }
    },
    async connect(ssid, password) {
      const args = ['dev', 'wifi', 'connect', ssid, ...(password ? ['password', password] : [])];
      try {
        await runner('nmcli', args, 30_000);
        return { ssid };
      } catch (error) {
        // The message is logged: it may name the network, never the password (even if nmcli echoed it).
        throw new WifiError('wifiConnectFailed', `Could not join the network: ${without((error as Error).message, password)}`);
      }
    },
  };
}
