import { z } from 'zod';
import { DEVICE_MEASUREMENTS, deviceMeasurementSchema, measurementCodeSchema, type DeviceMeasurement, type MeasurementCode } from '../lookups';
import { REQUIRED, macSchema, optionalText, requiredOr, uuidSchema } from '../rules';
import { createMeasurementInputSchema, deviceReadingAnyValuesSchema } from './measurements';

/*
 * Home gateways and the Bluetooth devices they read (spec §3 Gateway, §5 MAC and QR, §9 signal
 * buckets). Pairing, in docs/gateways.md: the agent asks for its token with its MAC and a pairing code
 * it made itself (`request-token`), which registers it as pending; a patient adds that MAC with that
 * code (typed beside it, or scanned from the QR code, which carries both); the agent's next ask gets
 * the token.
 */

export const GATEWAY_STATUSES = ['online', 'offline', 'pending'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** What a gateway reports of itself (spec §3 Gateway fields), at pairing and on every connect. */
const shortText = (max: number) => z.string().trim().max(max).nullable().default(null);
export const gatewayInfoSchema = z.strictObject({
  displayName: z.string().trim().min(1).max(60).optional(),
  serial: shortText(64),
  model: shortText(120),
  os: shortText(120),
  bluetoothVersion: shortText(40),
  bluetoothAdapters: z.array(z.string().trim().max(40)).max(8).default([]),
  macAddress: z.array(macSchema).max(8).default([]),
  publicIp: shortText(64),
  localIp: shortText(64),
  btAddress: shortText(17),
  version: shortText(40),
  nxwId: shortText(64),
});
export type GatewayInfo = z.infer<typeof gatewayInfoSchema>;

/** Gateway of spec §3, as patients and providers see it. */
export const gatewaySchema = z.object({
  id: z.uuid(),
  patientId: z.uuid().nullable(),
  displayName: z.string(),
  serial: z.string().nullable(),
  model: z.string().nullable(),
  os: z.string().nullable(),
  bluetoothVersion: z.string().nullable(),
  bluetoothAdapters: z.array(z.string()),
  macAddress: z.array(z.string()),
  status: z.enum(GATEWAY_STATUSES),
  publicIp: z.string().nullable(),
  localIp: z.string().nullable(),
  btAddress: z.string().nullable(),
  version: z.string().nullable(),
  nxwId: z.string().nullable(),
  /** When the edge last heard from it (connect, heartbeat, upload). */
  lastSeenAt: z.string().nullable(),
  addedAt: z.string().nullable(),
});
export type Gateway = z.infer<typeof gatewaySchema>;

/** The pairing code a gateway makes for itself: only the agent that shows it can collect the token. */
export const pairingCodeSchema = z
  .string({ error: requiredOr('The pairing code must be 8 to 32 letters and digits.') })
  .trim()
  .toUpperCase()
  .min(1, { error: REQUIRED, abort: true })
  .regex(/^[0-9A-Z]{8,32}$/, 'The pairing code must be 8 to 32 letters and digits.');

/**
 * How long a registration nobody has added stays bound to its pairing code after the agent last
 * asked (the agent asks every few seconds while it waits, so a running agent keeps it). Until then
 * the MAC cannot be registered again with another code; after it, a new code may take the MAC
 * (an agent whose data directory was reset, a registration made by someone else and abandoned).
 * An assigned gateway is never taken by another code.
 */
export const GATEWAY_PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A gateway is added by its 12-digit MAC number and the pairing code the agent shows beside it
 * (spec §5; its QR code carries both). The code proves the patient holds the box: a MAC alone is
 * printed on labels and heard on networks. Typed codes may carry spaces or dashes.
 */
export const addGatewayInputSchema = z.strictObject({
  mac: macSchema,
  displayName: optionalText('Display name', 60),
  pairingCode: z
    .string({ error: requiredOr('The pairing code must be 8 to 32 letters and digits.') })
    .transform((code) => code.replace(/[\s-]/g, ''))
    .pipe(pairingCodeSchema),
});
export type AddGatewayInput = z.infer<typeof addGatewayInputSchema>;

export const updateGatewayInputSchema = z.strictObject({ displayName: z.string().trim().min(1, 'Enter a name.').max(60) });

/** `POST /patients/gateways/request-token`, sent by the agent (no user credentials). */
export const gatewayTokenRequestSchema = z.strictObject({
  mac: macSchema,
  pairingCode: pairingCodeSchema,
  info: gatewayInfoSchema.default(() => gatewayInfoSchema.parse({})),
});
export type GatewayTokenRequest = z.infer<typeof gatewayTokenRequestSchema>;
/** Pending until a patient adds the MAC; then the token, once (it is stored hashed). */
export const gatewayTokenResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending'), gatewayId: z.uuid() }),
  z.object({ status: z.literal('paired'), gatewayId: z.uuid(), token: z.string() }),
]);
export type GatewayTokenResult = z.infer<typeof gatewayTokenResultSchema>;

/** The QR code the agent prints and serves: its MAC and pairing code, nothing secret beyond that. */
const QR_PREFIX = 'OPENCARE-GW';
export function gatewayQrText(mac: string, pairingCode: string): string {
  return `${QR_PREFIX}:${mac}:${pairingCode}`;
}
/** The MAC and pairing code of a scanned QR code; null for anything else. A bare MAC is accepted too. */
export function parseGatewayQr(text: string): { mac: string; pairingCode?: string } | null {
  const parts = text.trim().split(':');
  if (parts[0] === QR_PREFIX && parts.length === 3) {
    const mac = macSchema.safeParse(parts[1]);
    const code = pairingCodeSchema.safeParse(parts[2]);
    return mac.success && code.success ? { mac: mac.data, pairingCode: code.data } : null;
  }
  const mac = macSchema.safeParse(text);
  return mac.success ? { mac: mac.data } : null;
}

/* Signal strength (spec §9). */

export const SIGNAL_BUCKETS = ['excellent', 'good', 'average', 'poor', 'bad'] as const;
export type SignalBucket = (typeof SIGNAL_BUCKETS)[number];
/** At or above -30 excellent; down to -67 good; to -75 average; to -80 poor; below that bad. */
export function signalBucket(rssi: number): SignalBucket {
  if (rssi >= -30) return 'excellent';
  if (rssi >= -67) return 'good';
  if (rssi >= -75) return 'average';
  if (rssi >= -80) return 'poor';
  return 'bad';
}
/**
 * Estimated distance in metres by the log-distance path-loss model: d = 10^((txPower - rssi) / (10n)).
 * txPower is the RSSI at one metre (-59 dBm is typical of BLE advertisers when the device does not
 * say), n the path-loss exponent (2 in free space; homes are 2 to 4, we take 2.5). An estimate: walls
 * and bodies move it by metres, so screens round it and call it approximate.
 */
export function estimateDistance(rssi: number, txPower = -59, exponent = 2.5): number {
  return Math.round(10 ** ((txPower - rssi) / (10 * exponent)) * 10) / 10;
}

/** A device a gateway heard advertising during a scan. */
export const nearbyDeviceSchema = z.object({
  /** Bluetooth address, like C4:7C:8D:6A:12:34. */
  address: z.string(),
  name: z.string().nullable(),
  rssi: z.number().int(),
  signal: z.enum(SIGNAL_BUCKETS),
  distanceM: z.number(),
  /** Advertised service UUIDs (16-bit ones as 4 hex digits, upper case). */
  services: z.array(z.string()),
  /** Which measurement a standard health service offers, when one is advertised. */
  measurement: measurementCodeSchema.nullable(),
});
export type NearbyDevice = z.infer<typeof nearbyDeviceSchema>;

/** The SIG health services and the measurement each gives (spec §3 lookups: measurement codes). */
export const HEALTH_SERVICES: Record<string, MeasurementCode> = {
  '1810': 'bp',
  '1809': 'bt',
  '1808': 'bs',
  '181D': 'bw',
  '1822': 'ox',
};
export const measurementOfServices = (services: readonly string[]): MeasurementCode | null =>
  services.map((s) => HEALTH_SERVICES[s.toUpperCase()]).find((m) => m !== undefined) ?? null;
export const measurementName = (code: DeviceMeasurement) => DEVICE_MEASUREMENTS[code];

export const bluetoothAddressSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/, 'Enter a Bluetooth address like C4:7C:8D:6A:12:34.');

/** A health device paired to a patient through one of their gateways, read with a device profile. */
export const deviceSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  gatewayId: z.uuid(),
  gatewayName: z.string(),
  address: z.string(),
  name: z.string(),
  profileId: z.uuid(),
  profileName: z.string(),
  measurement: deviceMeasurementSchema,
  /** From the profile's start task (Device Information), once read. */
  manufacturer: z.string().nullable(),
  /** From the profile's end task (Battery Level, percent), once read. */
  batteryLevel: z.number().int().min(0).max(100).nullable(),
  lastReadingAt: z.string().nullable(),
  addedAt: z.string(),
  /** The patient's user number on a meter several people use (userSlotSchema); null: one person uses it. */
  userSlot: z.number().int().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/*
 * Multi-user meters (issue 21 part 5). A cuff or scale several people share sends the user index of
 * the person who took the reading (0x2A35 / 0x2A9D "User ID"; 255 = unknown user). The patient says
 * which user number is theirs; a reading under another number is another person's and never enters
 * their record (docs/gateway-ble.md). 1–254: the user buttons meters number from 1; 255 is the
 * specs' "unknown user", never a person's number.
 */
export const USER_SLOT_MIN = 1;
export const USER_SLOT_MAX = 254;
export const USER_SLOT_UNKNOWN = 255;
export const USER_SLOT_RULE = `Enter a whole number from ${USER_SLOT_MIN} to ${USER_SLOT_MAX}.`;
export const userSlotSchema = z
  .number({ error: USER_SLOT_RULE })
  .int(USER_SLOT_RULE)
  .min(USER_SLOT_MIN, USER_SLOT_RULE)
  .max(USER_SLOT_MAX, USER_SLOT_RULE);

export const deviceNameSchema = z.string().trim().min(1, 'Enter a name.').max(60);
export const addDeviceInputSchema = z.strictObject({
  gatewayId: uuidSchema,
  address: bluetoothAddressSchema,
  name: deviceNameSchema,
  profileId: uuidSchema,
  /** Optional: left out or null when one person uses the meter. */
  userSlot: userSlotSchema.nullable().optional(),
});
export type AddDeviceInput = z.infer<typeof addDeviceInputSchema>;
/** A new name, a user number (null clears it), or both. */
export const updateDeviceInputSchema = z
  .strictObject({
    name: deviceNameSchema.optional(),
    userSlot: userSlotSchema.nullable().optional(),
  })
  .refine((changes) => changes.name !== undefined || changes.userSlot !== undefined, 'Nothing to change.');
export type UpdateDeviceInput = z.infer<typeof updateDeviceInputSchema>;

/* Wi-Fi through the gateway (nmcli on Linux). */

export const wifiNetworkSchema = z.object({
  ssid: z.string(),
  /** 0–100, as nmcli reports it. */
  signal: z.number().int().min(0).max(100),
  security: z.string(),
  inUse: z.boolean(),
});
export type WifiNetwork = z.infer<typeof wifiNetworkSchema>;
export const wifiConnectInputSchema = z.strictObject({
  ssid: z.string().trim().min(1, 'Choose a network.').max(32, 'A network name has at most 32 characters.'),
  // WPA passphrases are 8–63 characters; open networks have none.
  password: z
    .string()
    .max(63, 'A Wi-Fi password has at most 63 characters.')
    .refine((p) => p === '' || p.length >= 8, 'A Wi-Fi password has at least 8 characters.')
    .default(''),
});
export type WifiConnectInput = z.infer<typeof wifiConnectInputSchema>;

/* Readings from gateways: store-and-forward (docs/gateways.md). */

/**
 * One reading as the agent uploads it: a measurement with its id (given when it was captured, the
 * idempotency key) and the paired device that took it. The id is required here: without it a
 * retried upload could become two readings.
 */
/**
 * What a device said about a reading, coded (issue 21 part 5; docs/gateway-ble.md lists each code):
 * - `out-of-limits`: a value outside physiological limits (fieldsOutsideLimits); the edge holds it for review.
 * - `clock-corrected`: the device's clock was off, so `takenAt` is the gateway's receive time and
 *   `device.takenAt` the device's own time stamp.
 * - `bp-*`: the Blood Pressure Measurement Status bits of 0x2A35; `glucose-*`: the Sensor Status
 *   Annunciation bits of 0x2A18 (Bluetooth GATT Specification Supplement).
 */
export const DEVICE_READING_FLAGS = [
  'out-of-limits',
  'clock-corrected',
  'bp-body-movement',
  'bp-cuff-too-loose',
  'bp-irregular-pulse',
  'bp-pulse-above-range',
  'bp-pulse-below-range',
  'bp-improper-position',
  'glucose-battery-low',
  'glucose-sensor-malfunction',
  'glucose-sample-insufficient',
  'glucose-strip-insertion-error',
  'glucose-strip-type-incorrect',
  'glucose-result-above-range',
  'glucose-result-below-range',
  'glucose-temperature-too-high',
  'glucose-temperature-too-low',
  'glucose-read-interrupted',
  'glucose-device-fault',
  'glucose-time-fault',
] as const;
export type DeviceReadingFlag = (typeof DEVICE_READING_FLAGS)[number];
export const deviceReadingFlagSchema = z.enum(DEVICE_READING_FLAGS);

/** The device's side of a reading: its own time stamp when the gateway corrected it, and its coded flags. */
export const gatewayReadingDeviceSchema = z.strictObject({
  takenAt: z.iso.datetime({ offset: true }).optional(),
  flags: z.array(deviceReadingFlagSchema).max(DEVICE_READING_FLAGS.length).default([]),
  /**
   * The user index the meter recorded the reading under (0x2A35 / 0x2A9D User ID, a uint8; 255 is
   * "unknown user"), as sent. Optional: meters without users and older agents send none.
   */
  userIndex: z.number().int().min(0).max(USER_SLOT_UNKNOWN).optional(),
});
export type GatewayReadingDevice = z.infer<typeof gatewayReadingDeviceSchema>;

export const gatewayReadingSchema = z.strictObject({
  deviceId: uuidSchema,
  reading: createMeasurementInputSchema.refine((r) => r.id !== undefined && r.type !== 'camera', {
    message: 'A gateway reading needs its id and cannot be a photo.',
  }),
  device: gatewayReadingDeviceSchema.optional(),
});
export type GatewayReading = z.infer<typeof gatewayReadingSchema>;
/** The same with values of any size: what the edge holds for review when only the limits refused it. */
export const gatewayReadingAnyValuesSchema = z.strictObject({
  deviceId: uuidSchema,
  reading: deviceReadingAnyValuesSchema,
  device: gatewayReadingDeviceSchema.optional(),
});
export const GATEWAY_UPLOAD_MAX = 100;
export const readingsUploadPayloadSchema = z.strictObject({
  readings: z.array(z.unknown()).min(1).max(GATEWAY_UPLOAD_MAX),
});
/**
 * Each reading's outcome, in the order sent. stored: new; duplicate: that id was already stored with
 * the same reading (a retry; the agent treats it as acknowledged); held: kept for a clinician's
 * review, its values outside physiological limits (acknowledged too; a retry is answered held again); rejected: it can never be stored
 * (invalid, unknown device, a reused id with another reading), with the catalogue key; the agent
 * keeps rejected readings aside, never retries them, and says so in its status.
 */
export const readingOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ id: z.string(), status: z.literal('stored') }),
  z.object({ id: z.string(), status: z.literal('duplicate') }),
  // Kept, but outside physiological limits: held for a clinician's review, not a normal reading (acknowledged like stored).
  // `reason` otherUser: taken under another user number of the meter (another person's); older agents ignore it.
  z.object({ id: z.string(), status: z.literal('held'), fields: z.array(z.string()), reason: z.enum(['outOfLimits', 'otherUser']).optional() }),
  z.object({ id: z.string(), status: z.literal('rejected'), key: z.string(), message: z.string() }),
]);
export type ReadingOutcome = z.infer<typeof readingOutcomeSchema>;
