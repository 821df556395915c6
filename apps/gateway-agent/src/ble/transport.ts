import { ERRORS } from '@opencare/schemas/errors';

/*
 * The one seam between the agent and Bluetooth (conventions item 12): the noble transport drives real
 * adapters, the simulator stands in for five SIG health devices so demos and tests need no hardware.
 * Everything above this file (profile runner, device reader, scan command) sees only these types.
 * Service and characteristic UUIDs may be given 16-bit ("2A35") or 128-bit; transports compare them
 * normalised (uuid.ts).
 */

export interface Advertisement {
  address: string;
  name: string | null;
  rssi: number;
  /** Advertised service UUIDs, normalised (16-bit ones as 4 upper-case hex digits). */
  services: string[];
  txPower: number | null;
}

export interface GattConnection {
  read(service: string, characteristic: string): Promise<Buffer>;
  write(service: string, characteristic: string, value: Buffer): Promise<void>;
  /** Subscribe (notify or indicate); returns unsubscribe. */
  subscribe(
    service: string,
    characteristic: string,
    kind: 'notify' | 'indicate',
    onValue: (value: Buffer) => void,
  ): Promise<() => Promise<void>>;
  disconnect(): Promise<void>;
}

export interface BleTransport {
  readonly kind: 'noble' | 'simulator';
  scan(seconds: number): Promise<Advertisement[]>;
  connect(address: string): Promise<GattConnection>;
  close(): Promise<void>;
}

/** The catalogue keys a transport raises; the agent acknowledges commands with them (gateway-events.ts). */
export type TransportErrorKey = 'bluetoothUnsupported' | 'bluetoothOff' | 'gatewayCommandError';

/**
 * A Bluetooth failure with its catalogue key. `message` is the catalogue's text unless a more precise
 * one is given; it names devices and UUIDs at most, never a reading.
 */
export class TransportError extends Error {
  readonly key: TransportErrorKey;

  constructor(key: TransportErrorKey, message?: string, options?: { cause?: unknown }) {
    super(message ?? ERRORS[key].message, options);
    this.name = 'TransportError';
    this.key = key;
  }
}

export const isTransportError = (error: unknown): error is TransportError => error instanceof TransportError;
