import type { DeviceReadingFlag } from '@opencare/schemas/entities/gateways';
import type { MeasurementCode } from '@opencare/schemas/lookups';
import { fieldRule, fieldsOutsideLimits, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { DecodeError, ByteReader } from './byte-reader';
import type { MedicalFloat } from './ieee11073';

/** One reading decoded from a characteristic value, in canonical units (MEASUREMENT_FIELDS). */
export interface DecodedReading {
  type: MeasurementCode;
  values: Record<string, number>;
  /** The device's own time for it (ISO 8601), or null when it sent none or an unknown one. */
  takenAt: string | null;
  /**
   * For stored records a meter may send again on the next connection (glucose): a key that is the
   * same each time, so the agent can tell a record it already captured from a new one.
   */
  recordKey?: string;
  /**
   * What the device said about the reading, coded (DEVICE_READING_FLAGS): its measurement status
   * bits, and `out-of-limits` when a value lies outside physiological limits. Such a reading is still
   * uploaded: the edge holds it for a clinician's review instead of storing it as a normal reading.
   */
  flags: DeviceReadingFlag[];
  /**
   * The user index a shared meter recorded it under (0x2A35 / 0x2A9D "User ID", 0–254; 255 is
   * "unknown user"), as sent: the edge decides whose reading it is (the patient's user number on
   * the meter). Absent when the value carries none.
   */
  userIndex?: number;
}

/** A reading, or why there is none: a special value in a required field or a malformed value. */
export type DecodeResult = { ok: true; reading: DecodedReading } | { ok: false; reason: string };

/** Thrown inside a decoder for a required field that is NaN, NRes, ±INF or reserved. */
export class NoReading extends Error {}

/**
 * The value rounded half up to the decimals its field keeps (MEASUREMENT_FIELDS). Shifting through
 * the decimal exponent rounds the number as printed: 70.815 kg is 70.82, where toFixed(2) gives 70.81
 * because the binary double is a hair below.
 */
export function roundField(type: MeasurementType, field: string, value: number): number {
  const decimals = fieldRule(type, field)?.decimals ?? 2;
  const shifted = Math.round(Number(`${Number(value.toPrecision(15))}e${decimals}`));
  return Number(`${shifted}e-${decimals}`) || 0;
}

/** A required field's number; its special value ends the decode with "no reading". */
export function required(value: MedicalFloat, field: string): number {
  if (value.kind === 'special') throw new NoReading(`${field} is ${value.special}, not a measured value`);
  return value.value;
}

/** An optional field's number, or undefined when the device sent a special value (left out, not guessed). */
export function optional(value: MedicalFloat): number | undefined {
  return value.kind === 'number' ? value.value : undefined;
}

/** Runs a decoder, turning a short buffer or a special value into a reason instead of an exception. */
export function decodeSafely(what: string, value: Buffer, decode: (reader: ByteReader) => DecodedReading): DecodeResult {
  try {
    return { ok: true, reading: withLimits(decode(new ByteReader(value, what))) };
  } catch (error) {
    if (error instanceof DecodeError || error instanceof NoReading) {
      return { ok: false, reason: error instanceof NoReading ? `${what}: ${error.message}` : error.message };
    }
    throw error;
  }
}

export const isSet = (flags: number, bit: number) => (flags & (1 << bit)) !== 0;

/**
 * Flags a reading with a value outside physiological limits, by the limits a typed-in reading must
 * pass (MEASUREMENT_FIELDS, packages/schemas: one source of truth). Flagged, not dropped: a cuff that
 * says 400 mmHg is most likely wrong, but that is for a clinician to decide, not the gateway.
 */
export function withLimits(reading: DecodedReading): DecodedReading {
  const outside = fieldsOutsideLimits(reading.type, reading.values);
  return outside.length === 0 || reading.flags.includes('out-of-limits') ? reading : { ...reading, flags: ['out-of-limits', ...reading.flags] };
}

/** The flags of the set bits of a status field, in bit order. */
export function flagsOf<F extends string>(status: number, bits: readonly (readonly [number, F])[]): F[] {
  return bits.filter(([bit]) => isSet(status, bit)).map(([, flag]) => flag);
}
