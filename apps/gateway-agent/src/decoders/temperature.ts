import { ByteWriter, type ByteReader } from './byte-reader';
import { dateTimeToIso, encodeDateTime } from './date-time';
import { encodeFloatRaw } from './ieee11073';
import { decodeSafely, isSet, required, roundField, type DecodeResult } from './reading';

/*
 * Temperature Measurement (0x2A1C). Flags: bit 0 units (0 °C, 1 °F), bit 1 time stamp, bit 2
 * temperature type (body site, one byte). The temperature is a 32-bit FLOAT. Stored in °C.
 */

export function decodeTemperature(value: Buffer): DecodeResult {
  return decodeSafely('Temperature Measurement', value, (r: ByteReader) => {
    const flags = r.u8('flags');
    const reading = required(r.float('temperature'), 'temperature');
    const time = isSet(flags, 1) ? r.dateTime('time stamp') : null;
    if (isSet(flags, 2)) r.u8('temperature type');
    const celsius = isSet(flags, 0) ? ((reading - 32) * 5) / 9 : reading;
    return { type: 'bt', values: { temperature: roundField('bt', 'temperature', celsius) }, takenAt: time ? dateTimeToIso(time) : null, flags: [] };
  });
}

export interface TemperatureFrame {
  temperature: number;
  unit?: 'C' | 'F';
  at?: Date | null;
  /** Temperature Type: 1 armpit, 2 body, 3 ear, 4 finger, 5 gastro-intestinal, 6 mouth, 7 rectum, 8 toe, 9 tympanum. */
  site?: number;
}

export function encodeTemperature(frame: TemperatureFrame): Buffer {
  const flags = (frame.unit === 'F' ? 1 : 0) | (frame.at ? 2 : 0) | (frame.site !== undefined ? 4 : 0);
  const w = new ByteWriter().u8(flags).u32(encodeFloatRaw(frame.temperature));
  if (frame.at) w.raw(encodeDateTime(frame.at));
  if (frame.site !== undefined) w.u8(frame.site);
  return w.toBuffer();
}
