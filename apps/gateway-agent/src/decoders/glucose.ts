import { ByteWriter, type ByteReader } from './byte-reader';
import { dateTimeToIso, encodeDateTime } from './date-time';
import { encodeSfloatRaw } from './ieee11073';
import { decodeSafely, flagsOf, isSet, required, roundField, type DecodeResult } from './reading';
import type { DeviceReadingFlag } from '@opencare/schemas/entities/gateways';
import { NoReading } from './reading';

/*
 * Glucose Measurement (0x2A18), one stored record per value. Flags: bit 0 time offset, bit 1
 * concentration with type and sample location, bit 2 concentration unit (0 kg/L, 1 mol/L), bit 3
 * sensor status annunciation, bit 4 a context record follows. Then the sequence number (uint16), the
 * base time (Date Time) and the optional fields. Stored in mg/dL.
 */

/** Sensor Status Annunciation (uint16), bits 0–11, coded as DEVICE_READING_FLAGS. */
const SENSOR_STATUS_BITS = [
  [0, 'glucose-battery-low'],
  [1, 'glucose-sensor-malfunction'],
  [2, 'glucose-sample-insufficient'],
  [3, 'glucose-strip-insertion-error'],
  [4, 'glucose-strip-type-incorrect'],
  [5, 'glucose-result-above-range'],
  [6, 'glucose-result-below-range'],
  [7, 'glucose-temperature-too-high'],
  [8, 'glucose-temperature-too-low'],
  [9, 'glucose-read-interrupted'],
  [10, 'glucose-device-fault'],
  [11, 'glucose-time-fault'],
] as const;

export const glucoseStatusFlags = (status: number): DeviceReadingFlag[] => flagsOf(status, SENSOR_STATUS_BITS);

/** 1 kg/L = 10^6 mg per 10 dL. */
export const MGDL_PER_KG_L = 100_000;
/** 1 mol/L of glucose (C6H12O6, 180.156 g/mol) = 180.156 g/L = 18015.6 mg/dL. */
export const MGDL_PER_MOL_L = 18_015.6;

export function decodeGlucose(value: Buffer): DecodeResult {
  return decodeSafely('Glucose Measurement', value, (r: ByteReader) => {
    const flags = r.u8('flags');
    const sequence = r.u16('sequence number');
    const base = r.dateTime('base time');
    const offsetMinutes = isSet(flags, 0) ? r.s16('time offset') : 0;
    if (!isSet(flags, 1)) throw new NoReading('the record carries no concentration');
    const concentration = required(r.sfloat('concentration'), 'concentration');
    r.u8('type and sample location');
    const status = isSet(flags, 3) ? r.u16('sensor status annunciation') : 0;
    const mgdl = concentration * (isSet(flags, 2) ? MGDL_PER_MOL_L : MGDL_PER_KG_L);
    const takenAt = base ? dateTimeToIso(base, offsetMinutes) : null;
    return {
      type: 'bs',
      values: { glucose: roundField('bs', 'glucose', mgdl) },
      takenAt,
      // A meter numbers its records; with the base time the key survives a counter reset.
      recordKey: `glucose:${sequence}:${takenAt ?? 'unknown'}`,
      flags: glucoseStatusFlags(status),
    };
  });
}

export interface GlucoseFrame {
  sequence: number;
  /** In mg/dL; written as kg/L or mol/L per `unit`. */
  glucose: number;
  unit?: 'kg/L' | 'mol/L';
  at: Date;
  offsetMinutes?: number;
  /** Type (low nibble: 1 capillary whole blood…) and sample location (high nibble: 1 finger…). */
  typeLocation?: number;
  status?: number;
}

export function encodeGlucose(frame: GlucoseFrame): Buffer {
  const molar = frame.unit === 'mol/L';
  const flags = (frame.offsetMinutes !== undefined ? 1 : 0) | 2 | (molar ? 4 : 0) | (frame.status !== undefined ? 8 : 0);
  const concentration = molar ? Number((frame.glucose / MGDL_PER_MOL_L).toFixed(5)) : frame.glucose / MGDL_PER_KG_L;
  const w = new ByteWriter().u8(flags).u16(frame.sequence).raw(encodeDateTime(frame.at));
  if (frame.offsetMinutes !== undefined) w.s16(frame.offsetMinutes);
  w.u16(encodeSfloatRaw(concentration)).u8(frame.typeLocation ?? 0x11);
  if (frame.status !== undefined) w.u16(frame.status);
  return w.toBuffer();
}

/* Record Access Control Point (0x2A52): the gateway asks for records, the meter answers when done. */

export const RACP_REPORT_ALL = Buffer.from([0x01, 0x01]);
export const RACP_RESPONSE_CODE = 0x06;
export const RACP_SUCCESS = 0x01;
export const RACP_NO_RECORDS = 0x06;

/** The RACP indication that ends a transfer: Response Code, operator null, the request op code, the result. */
export function encodeRacpResponse(requestOpCode: number, result: number): Buffer {
  return Buffer.from([RACP_RESPONSE_CODE, 0x00, requestOpCode, result]);
}

/** The outcome of a RACP response indication, or null when the value is not one. */
export function decodeRacpResponse(value: Buffer): { requestOpCode: number; result: number } | null {
  if (value.length < 4 || value[0] !== RACP_RESPONSE_CODE) return null;
  return { requestOpCode: value[2] ?? 0, result: value[3] ?? 0 };
}
