import { ByteWriter, type ByteReader } from './byte-reader';
import { dateTimeToIso, encodeDateTime } from './date-time';
import { encodeSfloatRaw } from './ieee11073';
import { decodeSafely, flagsOf, isSet, optional, required, roundField, type DecodeResult } from './reading';
import type { DeviceReadingFlag } from '@opencare/schemas/entities/gateways';

/*
 * Blood Pressure Measurement (0x2A35). Flags: bit 0 units (0 mmHg, 1 kPa), bit 1 time stamp, bit 2
 * pulse rate, bit 3 user id, bit 4 measurement status. Then systolic, diastolic and mean arterial
 * pressure as SFLOAT, and the optional fields in flag order. We keep systolic, diastolic and pulse
 * (MEASUREMENT_FIELDS.bp); MAP is derived from those and not stored. The user id goes up as `userIndex`.
 */

/**
 * Measurement Status (uint16): bit 0 body movement, bit 1 cuff too loose, bit 2 irregular pulse,
 * bits 3–4 pulse rate range (1 above the upper limit, 2 below the lower), bit 5 improper position.
 * Coded as DEVICE_READING_FLAGS, carried to FHIR as Observation.interpretation.
 */
const STATUS_BITS = [
  [0, 'bp-body-movement'],
  [1, 'bp-cuff-too-loose'],
  [2, 'bp-irregular-pulse'],
  [5, 'bp-improper-position'],
] as const;

export function bloodPressureStatusFlags(status: number): DeviceReadingFlag[] {
  const range = (status >> 3) & 0b11;
  return [
    ...flagsOf(status, STATUS_BITS),
    ...(range === 1 ? (['bp-pulse-above-range'] as const) : range === 2 ? (['bp-pulse-below-range'] as const) : []),
  ];
}

/** 1 kPa in mmHg (101.325 kPa = 760 mmHg). */
export const MMHG_PER_KPA = 7.50062;

export function decodeBloodPressure(value: Buffer): DecodeResult {
  return decodeSafely('Blood Pressure Measurement', value, (r: ByteReader) => {
    const flags = r.u8('flags');
    const factor = isSet(flags, 0) ? MMHG_PER_KPA : 1;
    const systolic = required(r.sfloat('systolic'), 'systolic') * factor;
    const diastolic = required(r.sfloat('diastolic'), 'diastolic') * factor;
    r.sfloat('mean arterial pressure');
    const time = isSet(flags, 1) ? r.dateTime('time stamp') : null;
    const pulse = isSet(flags, 2) ? optional(r.sfloat('pulse rate')) : undefined;
    const userIndex = isSet(flags, 3) ? r.u8('user id') : undefined;
    const status = isSet(flags, 4) ? r.u16('measurement status') : 0;
    return {
      type: 'bp',
      values: {
        systolic: roundField('bp', 'systolic', systolic),
        diastolic: roundField('bp', 'diastolic', diastolic),
        ...(pulse === undefined ? {} : { pulse: roundField('bp', 'pulse', pulse) }),
      },
      takenAt: time ? dateTimeToIso(time) : null,
      flags: bloodPressureStatusFlags(status),
      ...(userIndex === undefined ? {} : { userIndex }),
    };
  });
}

export interface BloodPressureFrame {
  systolic: number;
  diastolic: number;
  /** Defaults to the usual estimate, diastolic + (systolic − diastolic) / 3. */
  map?: number;
  pulse?: number;
  unit?: 'mmHg' | 'kPa';
  at?: Date | null;
  userId?: number;
  status?: number;
}

/** The 0x2A35 bytes of a measurement given in the frame's unit. */
export function encodeBloodPressure(frame: BloodPressureFrame): Buffer {
  const flags =
    (frame.unit === 'kPa' ? 1 : 0) |
    (frame.at ? 2 : 0) |
    (frame.pulse !== undefined ? 4 : 0) |
    (frame.userId !== undefined ? 8 : 0) |
    (frame.status !== undefined ? 16 : 0);
  const map = frame.map ?? Math.round(frame.diastolic + (frame.systolic - frame.diastolic) / 3);
  const w = new ByteWriter().u8(flags).u16(encodeSfloatRaw(frame.systolic)).u16(encodeSfloatRaw(frame.diastolic)).u16(encodeSfloatRaw(map));
  if (frame.at) w.raw(encodeDateTime(frame.at));
  if (frame.pulse !== undefined) w.u16(encodeSfloatRaw(frame.pulse));
  if (frame.userId !== undefined) w.u8(frame.userId);
  if (frame.status !== undefined) w.u16(frame.status);
  return w.toBuffer();
}
