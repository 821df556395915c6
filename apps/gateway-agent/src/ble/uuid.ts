/*
 * Bluetooth UUIDs come in 16-bit ("2a35"), 32-bit and 128-bit forms; a 16-bit one is shorthand for
 * 0000xxxx-0000-1000-8000-00805f9b34fb. Profiles, noble and the simulator each spell them their own
 * way, so every comparison goes through normaliseUuid.
 */

const BASE_SUFFIX = '-0000-1000-8000-00805F9B34FB';
const SHORT = /^(?:0x)?([0-9A-Fa-f]{4}|[0-9A-Fa-f]{8})$/;
const LONG = /^[0-9A-Fa-f]{8}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{12}$/;

/** The 128-bit form, upper case with dashes. Throws on anything that is not a UUID. */
export function toLongUuid(uuid: string): string {
  const text = uuid.trim();
  const short = SHORT.exec(text);
  if (short?.[1]) return `${short[1].toUpperCase().padStart(8, '0')}${BASE_SUFFIX}`;
  if (!LONG.test(text)) throw new Error(`Not a Bluetooth UUID: ${uuid}`);
  const hex = text.replaceAll('-', '').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The canonical spelling: a UUID on the SIG base whose value fits 16 bits becomes 4 upper-case hex
 * digits ("2A35"); any other is its 128-bit form, upper case with dashes.
 */
export function normaliseUuid(uuid: string): string {
  const long = toLongUuid(uuid);
  if (long.endsWith(BASE_SUFFIX) && long.startsWith('0000')) return long.slice(4, 8);
  return long;
}

export function sameUuid(a: string, b: string): boolean {
  return normaliseUuid(a) === normaliseUuid(b);
}

/** noble's spelling: lower case without dashes, 16-bit ones as 4 digits. */
export function toNobleUuid(uuid: string): string {
  return normaliseUuid(uuid).replaceAll('-', '').toLowerCase();
}
