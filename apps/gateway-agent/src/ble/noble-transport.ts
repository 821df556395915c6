import { TransportError, type Advertisement, type BleTransport, type GattConnection } from './transport';
import { normaliseUuid, toNobleUuid } from './uuid';

/*
 * Real adapters through @abandonware/noble. It is an optional dependency with a native binding that
 * is often missing or unusable (no HCI socket in containers, no permission): loading it is done on
 * demand and any failure becomes TransportError('bluetoothUnsupported'), so the agent runs on without
 * Bluetooth and says why. Only what the transport interface needs is typed here, structurally, so the
 * agent compiles whether or not the package is installed.
 */

interface NobleCharacteristic {
  uuid: string;
  properties: string[];
  readAsync(): Promise<Buffer>;
  writeAsync(data: Buffer, withoutResponse: boolean): Promise<void>;
  subscribeAsync(): Promise<void>;
  unsubscribeAsync(): Promise<void>;
  on(event: 'data', listener: (data: Buffer, isNotification: boolean) => void): unknown;
  removeListener(event: 'data', listener: (data: Buffer, isNotification: boolean) => void): unknown;
}
interface NobleService {
  uuid: string;
  discoverCharacteristicsAsync(uuids?: string[]): Promise<NobleCharacteristic[]>;
}
interface NoblePeripheral {
  id: string;
  address: string;
  rssi: number;
  advertisement: { localName?: string; serviceUuids?: string[]; txPowerLevel?: number };
  connectAsync(): Promise<void>;
  disconnectAsync(): Promise<void>;
  discoverServicesAsync(uuids?: string[]): Promise<NobleService[]>;
  once(event: 'disconnect', listener: () => void): unknown;
}
export interface NobleLike {
  state: string;
  on(event: 'stateChange', listener: (state: string) => void): unknown;
  on(event: 'discover', listener: (peripheral: NoblePeripheral) => void): unknown;
  removeListener(event: 'stateChange', listener: (state: string) => void): unknown;
  removeListener(event: 'discover', listener: (peripheral: NoblePeripheral) => void): unknown;
  startScanningAsync(serviceUuids?: string[], allowDuplicates?: boolean): Promise<void>;
  stopScanningAsync(): Promise<void>;
  cancelConnect?(peripheralId: string): void;
  reset?(): void;
}

export interface NobleTransportOptions {
  /** How noble is loaded; tests give their own. */
  load?: () => Promise<NobleLike>;
  /** How long to wait for the adapter to report its state at start. */
  stateTimeoutMs?: number;
  connectTimeoutMs?: number;
  operationTimeoutMs?: number;
}

const loadNoble = async (): Promise<NobleLike> => {
  // A variable specifier keeps bundlers and tsc from resolving the optional package at build time.
  const name = '@abandonware/noble';
  const module = (await import(name)) as { default?: NobleLike } & NobleLike;
  return module.default ?? module;
};

async function timed<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      // Whatever noble rejects with becomes a catalogue error the agent can acknowledge with.
      promise.catch((error: unknown) => {
        throw error instanceof TransportError ? error : new TransportError('gatewayCommandError', `Failed ${what}`, { cause: error });
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TransportError('gatewayCommandError', `Timed out after ${ms} ms ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const stateError = (state: string) =>
  state === 'poweredOff'
    ? new TransportError('bluetoothOff')
    : new TransportError('bluetoothUnsupported', `Bluetooth is not usable (adapter state: ${state}).`);

/** Waits until the adapter says what it is; poweredOn or a TransportError. */
async function poweredOn(noble: NobleLike, timeoutMs: number): Promise<void> {
  const settled = (state: string) => state !== 'unknown' && state !== 'resetting';
  const state = settled(noble.state)
    ? noble.state
    : await new Promise<string>((resolve) => {
        const onChange = (next: string) => {
          if (!settled(next)) return;
          clearTimeout(timer);
          noble.removeListener('stateChange', onChange);
          resolve(next);
        };
        const timer = setTimeout(() => {
          noble.removeListener('stateChange', onChange);
          resolve(noble.state);
        }, timeoutMs);
        noble.on('stateChange', onChange);
      });
  if (state !== 'poweredOn') throw stateError(state);
}

const addressOf = (peripheral: NoblePeripheral) => (peripheral.address || peripheral.id).toUpperCase();

export async function createNobleTransport(options: NobleTransportOptions = {}): Promise<BleTransport> {
  let noble: NobleLike;
  try {
    noble = await (options.load ?? loadNoble)();
  } catch (error) {
    throw new TransportError('bluetoothUnsupported', undefined, { cause: error });
  }
  await poweredOn(noble, options.stateTimeoutMs ?? 5_000);
  const connectTimeout = options.connectTimeoutMs ?? 15_000;
  const operationTimeout = options.operationTimeoutMs ?? 10_000;
  const known = new Map<string, NoblePeripheral>();
  const open = new Set<GattConnection>();
  const remember = (peripheral: NoblePeripheral) => known.set(addressOf(peripheral), peripheral);
  noble.on('discover', remember);

  const ready = () => {
    if (noble.state !== 'poweredOn') throw stateError(noble.state);
  };

  /** A peripheral heard recently, or one found by scanning for it until the connect timeout. */
  async function find(address: string): Promise<NoblePeripheral> {
    const wanted = address.toUpperCase();
    const cached = known.get(wanted);
    if (cached) return cached;
    let onDiscover: ((p: NoblePeripheral) => void) | undefined;
    const found = new Promise<NoblePeripheral>((resolve) => {
      onDiscover = (p) => {
        if (addressOf(p) === wanted) resolve(p);
      };
      noble.on('discover', onDiscover);
    });
    try {
      await noble.startScanningAsync([], false);
      return await timed(found, connectTimeout, `looking for ${wanted}`);
    } finally {
      if (onDiscover) noble.removeListener('discover', onDiscover);
      await noble.stopScanningAsync().catch(() => undefined);
    }
  }

  function connection(peripheral: NoblePeripheral): GattConnection {
    const address = addressOf(peripheral);
    const characteristics = new Map<string, NobleCharacteristic>();
    let connected = true;
    peripheral.once('disconnect', () => {
      connected = false;
    });

    const characteristic = async (service: string, char: string): Promise<NobleCharacteristic> => {
      ready();
      if (!connected) throw new TransportError('gatewayCommandError', `${address} disconnected`);
      const id = `${normaliseUuid(service)}/${normaliseUuid(char)}`;
      const cached = characteristics.get(id);
      if (cached) return cached;
      const [found] = await timed(peripheral.discoverServicesAsync([toNobleUuid(service)]), operationTimeout, `discovering ${id}`);
      if (!found) throw new TransportError('gatewayCommandError', `${address} has no service ${normaliseUuid(service)}`);
      for (const c of await timed(found.discoverCharacteristicsAsync(), operationTimeout, `discovering ${id}`)) {
        characteristics.set(`${normaliseUuid(service)}/${normaliseUuid(c.uuid)}`, c);
      }
      const result = characteristics.get(id);
      if (!result) throw new TransportError('gatewayCommandError', `${address} has no characteristic ${id}`);
      return result;
    };

    const gatt: GattConnection = {
      async read(service, char) {
        const c = await characteristic(service, char);
        return timed(c.readAsync(), operationTimeout, `reading ${normaliseUuid(char)}`);
      },
      async write(service, char, value) {
        const c = await characteristic(service, char);
        const withoutResponse = !c.properties.includes('write') && c.properties.includes('writeWithoutResponse');
        await timed(c.writeAsync(value, withoutResponse), operationTimeout, `writing ${normaliseUuid(char)}`);
      },
      async subscribe(service, char, kind, onValue) {
        const c = await characteristic(service, char);
        if (!c.properties.includes(kind) && !c.properties.includes(kind === 'notify' ? 'indicate' : 'notify')) {
          throw new TransportError('gatewayCommandError', `${normaliseUuid(char)} cannot ${kind}`);
        }
        const listener = (data: Buffer) => onValue(data);
        c.on('data', listener);
        // noble writes the CCCD with whichever of notify and indicate the characteristic offers.
        await timed(c.subscribeAsync(), operationTimeout, `subscribing to ${normaliseUuid(char)}`);
        return async () => {
          c.removeListener('data', listener);
          if (connected) await timed(c.unsubscribeAsync(), operationTimeout, `unsubscribing from ${normaliseUuid(char)}`);
        };
      },
      async disconnect() {
        open.delete(gatt);
        if (!connected) return;
        connected = false;
        await timed(peripheral.disconnectAsync(), operationTimeout, `disconnecting ${address}`).catch(() => undefined);
      },
    };
    return gatt;
  }

  return {
    kind: 'noble',
    async scan(seconds) {
      ready();
      const heard = new Map<string, Advertisement>();
      const onDiscover = (p: NoblePeripheral) => {
        const ad = p.advertisement;
        heard.set(addressOf(p), {
          address: addressOf(p),
          name: ad.localName || null,
          rssi: p.rssi,
          services: (ad.serviceUuids ?? []).flatMap((uuid) => {
            try {
              return [normaliseUuid(uuid)];
            } catch {
              return [];
            }
          }),
          txPower: typeof ad.txPowerLevel === 'number' ? ad.txPowerLevel : null,
        });
      };
      noble.on('discover', onDiscover);
      try {
        // Duplicates on: the RSSI keeps updating, so the last one heard is the one shown.
        await noble.startScanningAsync([], true);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      } finally {
        noble.removeListener('discover', onDiscover);
        await noble.stopScanningAsync().catch(() => undefined);
      }
      return [...heard.values()].sort((a, b) => b.rssi - a.rssi);
    },
    async connect(address) {
      ready();
      const peripheral = await find(address);
      try {
        await timed(peripheral.connectAsync(), connectTimeout, `connecting to ${address.toUpperCase()}`);
      } catch (error) {
        noble.cancelConnect?.(peripheral.id);
        if (error instanceof TransportError) throw error;
        throw new TransportError('gatewayCommandError', `Could not connect to ${address.toUpperCase()}`, { cause: error });
      }
      const gatt = connection(peripheral);
      open.add(gatt);
      return gatt;
    },
    async close() {
      noble.removeListener('discover', remember);
      await Promise.all([...open].map((c) => c.disconnect()));
      await noble.stopScanningAsync().catch(() => undefined);
    },
  };
}
