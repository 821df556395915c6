import { readdirSync, readFileSync } from 'node:fs';
import { hostname, networkInterfaces, release, type, machine } from 'node:os';
import type { GatewayInfo } from '@opencare/schemas/entities/gateways';

/*
 * What this gateway reports of itself (spec §3 Gateway fields), read from the machine on every
 * connect so the edge always shows the current values. Everything is best effort: a field the
 * machine does not tell is null, never a guess. The public IP is only what the operator configured:
 * looking it up would mean calling a third-party service from a patient's home.
 */

const AGENT_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const agentVersion = () => AGENT_VERSION;

const readText = (path: string): string | null => {
  try {
    // Device-tree strings end with a NUL byte.
    const text = readFileSync(path, 'utf8').replace(/\0/g, '').trim();
    return text || null;
  } catch {
    return null;
  }
};

const macDigits = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase();

/** MACs of the real network interfaces (not loopback, not all-zero), in interface order. */
export function machineMacs(): string[] {
  const macs: string[] = [];
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) {
      const mac = macDigits(a.mac);
      if (!a.internal && /^[0-9A-F]{12}$/.test(mac) && mac !== '000000000000' && !macs.includes(mac)) macs.push(mac);
    }
  }
  return macs;
}

/** This machine's MAC for pairing: the first non-internal interface's, or the configured one. */
export function primaryMac(configured?: string): string | null {
  return configured ?? machineMacs()[0] ?? null;
}

function localIp(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (!a.internal && a.family === 'IPv4') return a.address;
  }
  return null;
}

/** Bluetooth adapters the kernel knows (hci0, …), with their addresses when sysfs has them. */
function bluetoothAdapters(): { names: string[]; address: string | null } {
  let names: string[];
  try {
    names = readdirSync('/sys/class/bluetooth').filter((n) => /^hci\d+$/.test(n)).sort();
  } catch {
    return { names: [], address: null };
  }
  const address = names[0] ? readText(`/sys/class/bluetooth/${names[0]}/address`) : null;
  return { names, address: address && /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i.test(address) ? address.toUpperCase() : null };
}

function osName(): string {
  const pretty = readText('/etc/os-release')
    ?.split('\n')
    .find((l) => l.startsWith('PRETTY_NAME='))
    ?.slice('PRETTY_NAME='.length)
    .replace(/^"|"$/g, '');
  return `${pretty ?? type()} (${release()})`.slice(0, 120);
}

export function gatewayInfo(options: { displayName?: string; publicIp?: string; mac?: string } = {}): GatewayInfo {
  const bt = bluetoothAdapters();
  const macs = machineMacs();
  const primary = options.mac ?? macs[0];
  const macAddress = [...new Set([...(primary ? [primary] : []), ...macs])].slice(0, 8);
  return {
    displayName: (options.displayName ?? hostname()).trim().slice(0, 60) || undefined,
    serial: readText('/proc/device-tree/serial-number')?.slice(0, 64) ?? null,
    model: (readText('/proc/device-tree/model') ?? `${type()} ${machine()}`).slice(0, 120),
    os: osName(),
    bluetoothVersion: null,
    bluetoothAdapters: bt.names.slice(0, 8),
    macAddress,
    publicIp: options.publicIp ?? null,
    localIp: localIp(),
    btAddress: bt.address,
    version: AGENT_VERSION,
    nxwId: null,
  };
}
