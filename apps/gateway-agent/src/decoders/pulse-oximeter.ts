import { ByteWriter, type ByteReader } from './byte-reader';
import { dateTimeToIso, encodeDateTime } from './date-time';
import { encodeSfloatRaw, type MedicalFloat } from './ieee11073';
import { decodeSafely, isSet, optional, required, roundField, type DecodeResult, type DecodedReading } from './reading';

/*
 * Pulse Oximeter service (0x1822). Both measurements start with flags, SpO2 (%) and pulse rate
 * (/min) as SFLOAT.
 * PLX Continuous Measurement (0x2A5F) flags: bit 0 SpO2PR-Fast, bit 1 SpO2PR-Slow (two SFLOATs each),
 *   bit 2 measurement status (uint16), bit 3 device and sensor status (uint24), bit 4 pulse amplitude
 *   index (SFLOAT). No time stamp: it is taken now.
 * PLX Spot-check Measurement (0x2A5E) flags: bit 0 time stamp, bit 1 measurement status, bit 2 device
 *   and sensor status, bit 3 pulse amplitude index, bit 4 device clock not set (its time stamp is
 *   then meaningless).
 */

function oxReading(spo2: MedicalFloat, pulse: MedicalFloat, takenAt: string | null, clockNotSet = false): DecodedReading {
  const pr = optional(pulse);
  return {
    type: 'ox',
    values: {
      spo2: roundField('ox', 'spo2', required(spo2, 'SpO2')),
      ...(pr === undefined ? {} : { pulse: roundField('ox', 'pulse', pr) }),
    },
    takenAt,
    // The device says its clock is not set: its time stamp is dropped and the capture time used.
    flags: clockNotSet ? ['clock-corrected'] : [],
  };
}

export function decodePlxContinuous(value: Buffer): DecodeResult {
  return decodeSafely('PLX Continuous Measurement', value, (r: ByteReader) => {
    const flags = r.u8('flags');
    const spo2 = r.sfloat('SpO2');
    const pulse = r.sfloat('pulse rate');
    // Fast and slow averages are the same reading smoothed; the normal one is what the device shows.
    if (isSet(flags, 0)) r.skip(4, 'SpO2PR-Fast');
    if (isSet(flags, 1)) r.skip(4, 'SpO2PR-Slow');
    if (isSet(flags, 2)) r.u16('measurement status');
    if (isSet(flags, 3)) r.u24('device and sensor status');
    if (isSet(flags, 4)) r.sfloat('pulse amplitude index');
    return oxReading(spo2, pulse, null);
  });
}

export function decodePlxSpotCheck(value: Buffer): DecodeResult {
  return decodeSafely('PLX Spot-check Measurement', value, (r: ByteReader) => {
    const flags = r.u8('flags');
    const spo2 = r.sfloat('SpO2');
    const pulse = r.sfloat('pulse rate');
    const time = isSet(flags, 0) ? r.dateTime('time stamp') : null;
    if (isSet(flags, 1)) r.u16('measurement status');
    if (isSet(flags, 2)) r.u24('device and sensor status');
    if (isSet(flags, 3)) r.sfloat('pulse amplitude index');
    const clockSet = !isSet(flags, 4);
    return oxReading(spo2, pulse, time && clockSet ? dateTimeToIso(time) : null, time !== null && !clockSet);
  });
}

export interface PlxFrame {
  spo2: number;
  pulse: number;
  /** Continuous: SpO2PR-Fast values sent too. */
  fast?: { spo2: number; pulse: number };
  measurementStatus?: number;
  deviceStatus?: number;
  pulseAmplitudeIndex?: number;
}

export function encodePlxContinuous(frame: PlxFrame): Buffer {
  const flags =
    (frame.fast ? 1 : 0) |
    (frame.measurementStatus !== undefined ? 4 : 0) |
    (frame.deviceStatus !== undefined ? 8 : 0) |
    (frame.pulseAmplitudeIndex !== undefined ? 16 : 0);
  const w = new ByteWriter().u8(flags).u16(encodeSfloatRaw(frame.spo2)).u16(encodeSfloatRaw(frame.pulse));
  if (frame.fast) w.u16(encodeSfloatRaw(frame.fast.spo2)).u16(encodeSfloatRaw(frame.fast.pulse));
  if (frame.measurementStatus !== undefined) w.u16(frame.measurementStatus);
  if (frame.deviceStatus !== undefined) w.u24(frame.deviceStatus);
  if (frame.pulseAmplitudeIndex !== undefined) w.u16(encodeSfloatRaw(frame.pulseAmplitudeIndex));
  return w.toBuffer();
}

export function encodePlxSpotCheck(frame: PlxFrame & { at?: Date | null; clockNotSet?: boolean }): Buffer {
  const flags =
    (frame.at ? 1 : 0) |
    (frame.measurementStatus !== undefined ? 2 : 0) |
    (frame.deviceStatus !== undefined ? 4 : 0) |
    (frame.pulseAmplitudeIndex !== undefined ? 8 : 0) |
    (frame.clockNotSet ? 16 : 0);
  const w = new ByteWriter().u8(flags).u16(encodeSfloatRaw(frame.spo2)).u16(encodeSfloatRaw(frame.pulse));
  if (frame.at) w.raw(encodeDateTime(frame.at));
  if (frame.measurementStatus !== undefined) w.u16(frame.measurementStatus);
  if (frame.deviceStatus !== undefined) w.u24(frame.deviceStatus);
  if (frame.pulseAmplitudeIndex !== undefined) w.u16(encodeSfloatRaw(frame.pulseAmplitudeIndex));
  return w.toBuffer();
}
