import { ByteWriter, type ByteReader } from './byte-reader';
import { dateTimeToIso, encodeDateTime } from './date-time';
import { decodeSafely, isSet, NoReading, roundField, type DecodeResult } from './reading';

/*
 * Weight Measurement (0x2A9D). Flags: bit 0 units (0 SI: weight in 0.005 kg, height in 0.001 m;
 * 1 imperial: weight in 0.01 lb, height in 0.1 in), bit 1 time stamp, bit 2 user id, bit 3 BMI
 * (uint16, 0.1) and height. The weight is a uint16; 0xFFFF means "measurement unsuccessful".
 * Stored in kg.
 */

export const KG_PER_LB = 0.45359237;
const UNSUCCESSFUL = 0xffff;

export function decodeWeight(value: Buffer): DecodeResult {
  return decodeSafely('Weight Measurement', value, (r: ByteReader) => {
    const flags = r.u8('flags');
    const raw = r.u16('weight');
    if (raw === UNSUCCESSFUL) throw new NoReading('weight is "measurement unsuccessful"');
    const time = isSet(flags, 1) ? r.dateTime('time stamp') : null;
    const userIndex = isSet(flags, 2) ? r.u8('user id') : undefined;
    if (isSet(flags, 3)) {
      r.u16('BMI');
      r.u16('height');
    }
    const kg = isSet(flags, 0) ? (raw / 100) * KG_PER_LB : (raw * 5) / 1000;
    return {
      type: 'bw',
      values: { weight: roundField('bw', 'weight', kg) },
      takenAt: time ? dateTimeToIso(time) : null,
      flags: [],
      ...(userIndex === undefined ? {} : { userIndex }),
    };
  });
}

export interface WeightFrame {
  /** In the frame's unit: kg for SI, lb for imperial. */
  weight: number;
  unit?: 'kg' | 'lb';
  at?: Date | null;
  userId?: number;
  bmi?: number;
  /** Metres for SI, inches for imperial. */
  height?: number;
}

export function encodeWeight(frame: WeightFrame): Buffer {
  const imperial = frame.unit === 'lb';
  const hasBmi = frame.bmi !== undefined && frame.height !== undefined;
  const flags = (imperial ? 1 : 0) | (frame.at ? 2 : 0) | (frame.userId !== undefined ? 4 : 0) | (hasBmi ? 8 : 0);
  const raw = Math.round(frame.weight / (imperial ? 0.01 : 0.005));
  // 0xFFFF is "unsuccessful": the format tops out at 327.67 kg (655.34 lb).
  if (raw < 0 || raw >= UNSUCCESSFUL) throw new RangeError(`A weight of ${frame.weight} ${frame.unit ?? 'kg'} cannot be sent in 0x2A9D`);
  const w = new ByteWriter().u8(flags).u16(raw);
  if (frame.at) w.raw(encodeDateTime(frame.at));
  if (frame.userId !== undefined) w.u8(frame.userId);
  if (hasBmi) w.u16(Math.round((frame.bmi ?? 0) * 10)).u16(Math.round((frame.height ?? 0) / (imperial ? 0.1 : 0.001)));
  return w.toBuffer();
}
