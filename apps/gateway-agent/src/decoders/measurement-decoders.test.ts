import { describe, expect, it } from 'vitest';
import { decodeBloodPressure, encodeBloodPressure } from './blood-pressure';
import { decodeGlucose, decodeRacpResponse, encodeGlucose, encodeRacpResponse } from './glucose';
import { decoderFor } from './measurement-decoders';
import { decodePlxContinuous, decodePlxSpotCheck, encodePlxContinuous, encodePlxSpotCheck } from './pulse-oximeter';
import type { DecodeResult } from './reading';
import { decodeTemperature, encodeTemperature } from './temperature';
import { decodeWeight, encodeWeight } from './weight';

const hex = (text: string) => Buffer.from(text.replaceAll(' ', ''), 'hex');
/** 2020-11-22 09:30:00 as Date Time bytes, and the instant the gateway reads it as. */
const STAMP = 'E4070B16091E00';
const STAMP_ISO = new Date(2020, 10, 22, 9, 30, 0).toISOString();

function reading(result: DecodeResult) {
  if (!result.ok) throw new Error(`expected a reading, got: ${result.reason}`);
  return result.reading;
}
function reason(result: DecodeResult) {
  if (result.ok) throw new Error('expected no reading');
  return result.reason;
}

describe('Blood Pressure Measurement 0x2A35', () => {
  it('flags 0x1E: 120/80 mmHg, MAP 93, time stamp, pulse 72, user and status', () => {
    const value = hex(`1E 7800 5000 5D00 ${STAMP} 4800 01 0000`);
    expect(reading(decodeBloodPressure(value))).toEqual({
      type: 'bp',
      values: { systolic: 120, diastolic: 80, pulse: 72 },
      takenAt: STAMP_ISO,
      flags: [],
      userIndex: 1,
    });
  });

  it('keeps the user id as the user index, 255 ("unknown user") included; none without flag bit 3', () => {
    expect(reading(decodeBloodPressure(hex('08 7800 5000 5D00 02'))).userIndex).toBe(2);
    expect(reading(decodeBloodPressure(hex('08 7800 5000 5D00 FF'))).userIndex).toBe(255);
    expect(reading(decodeBloodPressure(hex('18 7800 5000 5D00 00 0100'))).userIndex).toBe(0);
    // After the time stamp and pulse, before the status: the field order of the flags.
    expect(reading(decodeBloodPressure(hex(`1E 7800 5000 5D00 ${STAMP} 4800 07 0100`)))).toMatchObject({ userIndex: 7, flags: ['bp-body-movement'] });
    expect(reading(decodeBloodPressure(hex('00 7800 5000 5D00')))).not.toHaveProperty('userIndex');
    expect(reason(decodeBloodPressure(hex('08 7800 5000 5D00')))).toMatch(/truncated: user id/);
  });

  it('flags 0x00: the three pressures alone, no time', () => {
    expect(reading(decodeBloodPressure(hex('00 7800 5000 5D00')))).toEqual({ type: 'bp', values: { systolic: 120, diastolic: 80 }, takenAt: null, flags: [] });
  });

  it('converts kPa to mmHg (× 7.50062), rounded to whole mmHg', () => {
    // 16.0 kPa (160 × 10^-1) and 10.7 kPa: 120.01 and 80.26 mmHg.
    expect(reading(decodeBloodPressure(hex('01 A0F0 6BF0 7CF0'))).values).toEqual({ systolic: 120, diastolic: 80 });
  });

  it('gives no reading when systolic is NaN or diastolic is NRes', () => {
    expect(reason(decodeBloodPressure(hex('00 FF07 5000 5D00')))).toMatch(/systolic is NaN/);
    expect(reason(decodeBloodPressure(hex('00 7800 0008 5D00')))).toMatch(/diastolic is NRes/);
  });

  it('leaves out a pulse that is not a number', () => {
    expect(reading(decodeBloodPressure(hex('04 7800 5000 5D00 FF07'))).values).toEqual({ systolic: 120, diastolic: 80 });
  });

  it('explains a truncated value instead of crashing', () => {
    expect(reason(decodeBloodPressure(hex('1E 7800')))).toMatch(/truncated: diastolic needs 2 byte/);
    expect(reason(decodeBloodPressure(hex(`1E 7800 5000 5D00 ${STAMP}`)))).toMatch(/truncated: pulse rate/);
    expect(reason(decodeBloodPressure(Buffer.alloc(0)))).toMatch(/truncated: flags/);
  });

  it('decodes what the encoder writes', () => {
    const at = new Date(2026, 10, 22, 7, 15, 0);
    const value = encodeBloodPressure({ systolic: 190, diastolic: 95, pulse: 88, at, userId: 1, status: 0 });
    expect(value[0]).toBe(0x1e);
    expect(reading(decodeBloodPressure(value))).toEqual({ type: 'bp', values: { systolic: 190, diastolic: 95, pulse: 88 }, takenAt: at.toISOString(), flags: [], userIndex: 1 });
  });
});

describe('Temperature Measurement 0x2A1C', () => {
  it('36.6 °C as FLOAT 0xFF00016E', () => {
    expect(reading(decodeTemperature(hex('00 6E0100FF')))).toEqual({ type: 'bt', values: { temperature: 36.6 }, takenAt: null, flags: [] });
  });

  it('converts °F to °C, with time stamp and type', () => {
    // 98.6 °F = 986 × 10^-1 → 37 °C.
    expect(reading(decodeTemperature(hex(`07 DA0300FF ${STAMP} 02`)))).toEqual({ type: 'bt', values: { temperature: 37 }, takenAt: STAMP_ISO, flags: [] });
    // 100.5 °F → 38.0555… → 38.06 (two decimals kept).
    expect(reading(decodeTemperature(hex('01 ED0300FF'))).values.temperature).toBe(38.06);
  });

  it.each(['FFFF7F00', '00008000', 'FEFF7F00', '02008000', '01008000'])('gives no reading for the special FLOAT %s', (bytes) => {
    expect(reason(decodeTemperature(hex(`00 ${bytes}`)))).toMatch(/temperature is (NaN|NRes|\+INF|-INF|reserved)/);
  });

  it('explains a truncated value', () => {
    expect(reason(decodeTemperature(hex('02 6E0100FF E407')))).toMatch(/truncated: time stamp/);
  });

  it('decodes what the encoder writes', () => {
    expect(reading(decodeTemperature(encodeTemperature({ temperature: 38.9, unit: 'C', site: 3 }))).values).toEqual({ temperature: 38.9 });
    expect(reading(decodeTemperature(encodeTemperature({ temperature: 102.2, unit: 'F' }))).values).toEqual({ temperature: 39 });
  });
});

describe('Glucose Measurement 0x2A18', () => {
  it('95 mg/dL sent as 0.00095 kg/L, with time offset', () => {
    const value = hex(`03 0100 ${STAMP} C4FF 5FB0 11`);
    expect(reading(decodeGlucose(value))).toEqual({
      type: 'bs',
      values: { glucose: 95 },
      // Offset -60 minutes from the base time.
      takenAt: new Date(2020, 10, 22, 8, 30, 0).toISOString(),
      recordKey: `glucose:1:${new Date(2020, 10, 22, 8, 30, 0).toISOString()}`,
      flags: [],
    });
  });

  it('converts mol/L with 18015.6 mg/dL per mol/L: 5.5 mmol/L is 99 mg/dL', () => {
    expect(reading(decodeGlucose(hex(`06 0200 ${STAMP} 37C0 11`))).values).toEqual({ glucose: 99 });
  });

  it('skips the sensor status annunciation', () => {
    expect(reading(decodeGlucose(hex(`0A 0300 ${STAMP} 5FB0 11 0000`))).values).toEqual({ glucose: 95 });
  });

  it('gives no reading without a concentration or with a special one', () => {
    expect(reason(decodeGlucose(hex(`00 0400 ${STAMP}`)))).toMatch(/no concentration/);
    expect(reason(decodeGlucose(hex(`02 0400 ${STAMP} 0008 11`)))).toMatch(/concentration is NRes/);
  });

  it('keys a record by sequence number and time, the same on every transfer', () => {
    const at = new Date(2026, 5, 1, 7, 0, 0);
    const first = reading(decodeGlucose(encodeGlucose({ sequence: 42, glucose: 104, at })));
    const again = reading(decodeGlucose(encodeGlucose({ sequence: 42, glucose: 104, at })));
    expect(first.recordKey).toBe(again.recordKey);
    expect(first.values).toEqual({ glucose: 104 });
    expect(reading(decodeGlucose(encodeGlucose({ sequence: 1, glucose: 99, at, unit: 'mol/L' }))).values).toEqual({ glucose: 99 });
  });

  it('explains a truncated record', () => {
    expect(reason(decodeGlucose(hex('03 0100 E407')))).toMatch(/truncated: base time/);
  });

  it('reads Record Access Control Point responses', () => {
    expect(decodeRacpResponse(encodeRacpResponse(0x01, 0x01))).toEqual({ requestOpCode: 1, result: 1 });
    expect(decodeRacpResponse(hex('05 00 0300'))).toBeNull();
  });
});

describe('Weight Measurement 0x2A9D', () => {
  it('SI: 15000 × 0.005 kg = 75 kg', () => {
    expect(reading(decodeWeight(hex('00 983A')))).toEqual({ type: 'bw', values: { weight: 75 }, takenAt: null, flags: [] });
  });

  it('imperial: 165.35 lb (× 0.45359237) = 75 kg, with time, user, BMI and height', () => {
    expect(reading(decodeWeight(hex(`0F 9740 ${STAMP} 01 F300 BC02`)))).toEqual({ type: 'bw', values: { weight: 75 }, takenAt: STAMP_ISO, flags: [], userIndex: 1 });
  });

  it('keeps the user id as the user index (255 included); none without flag bit 2', () => {
    expect(reading(decodeWeight(hex('04 983A 03')))).toEqual({ type: 'bw', values: { weight: 75 }, takenAt: null, flags: [], userIndex: 3 });
    expect(reading(decodeWeight(hex('04 983A FF'))).userIndex).toBe(255);
    expect(reading(decodeWeight(hex('00 983A')))).not.toHaveProperty('userIndex');
    expect(reading(decodeWeight(encodeWeight({ weight: 82.35, unit: 'kg', userId: 2, bmi: 24.1, height: 1.85 }))).userIndex).toBe(2);
    expect(reason(decodeWeight(hex('04 983A')))).toMatch(/truncated: user id/);
  });

  it('keeps two decimals', () => {
    // 14163 × 0.005 = 70.815 kg.
    expect(reading(decodeWeight(hex('00 5337'))).values.weight).toBe(70.82);
  });

  it('gives no reading when the measurement was unsuccessful (0xFFFF)', () => {
    expect(reason(decodeWeight(hex('00 FFFF')))).toMatch(/unsuccessful/);
  });

  it('explains a truncated value', () => {
    expect(reason(decodeWeight(hex('08 983A F300')))).toMatch(/truncated: height/);
  });

  it('decodes what the encoder writes', () => {
    expect(reading(decodeWeight(encodeWeight({ weight: 82.35, unit: 'kg', at: new Date(), userId: 2, bmi: 24.1, height: 1.85 }))).values).toEqual({ weight: 82.35 });
    expect(reading(decodeWeight(encodeWeight({ weight: 200, unit: 'lb' }))).values).toEqual({ weight: 90.72 });
  });
});

describe('PLX measurements 0x2A5F and 0x2A5E', () => {
  it('continuous: SpO2 97 %, pulse 72 /min', () => {
    expect(reading(decodePlxContinuous(hex('00 6100 4800')))).toEqual({ type: 'ox', values: { spo2: 97, pulse: 72 }, takenAt: null, flags: [] });
  });

  it('continuous: skips fast, slow, status, device status and pulse amplitude index', () => {
    expect(reading(decodePlxContinuous(hex('1F 6100 4800 6200 4900 6000 4700 0000 000000 3200'))).values).toEqual({ spo2: 97, pulse: 72 });
  });

  it('continuous: no reading while SpO2 is NaN; a NaN pulse is left out', () => {
    expect(reason(decodePlxContinuous(hex('00 FF07 FF07')))).toMatch(/SpO2 is NaN/);
    expect(reading(decodePlxContinuous(hex('00 6100 FF07'))).values).toEqual({ spo2: 97 });
  });

  it('spot-check: with time stamp', () => {
    expect(reading(decodePlxSpotCheck(hex(`01 6200 4600 ${STAMP}`)))).toEqual({ type: 'ox', values: { spo2: 98, pulse: 70 }, takenAt: STAMP_ISO, flags: [] });
  });

  it('spot-check: a time stamp from a clock that was never set is ignored', () => {
    expect(reading(decodePlxSpotCheck(hex(`11 6200 4600 ${STAMP}`))).takenAt).toBeNull();
  });

  it('explains a truncated value', () => {
    expect(reason(decodePlxContinuous(hex('10 6100 4800')))).toMatch(/truncated: pulse amplitude index/);
  });

  it('decodes what the encoders write', () => {
    const frame = { spo2: 91, pulse: 104, fast: { spo2: 90, pulse: 105 }, measurementStatus: 0, deviceStatus: 0, pulseAmplitudeIndex: 3.2 };
    expect(reading(decodePlxContinuous(encodePlxContinuous(frame))).values).toEqual({ spo2: 91, pulse: 104 });
    expect(reading(decodePlxSpotCheck(encodePlxSpotCheck({ ...frame, at: new Date() }))).values).toEqual({ spo2: 91, pulse: 104 });
  });
});

describe('decoder registry', () => {
  it('finds decoders by 16-bit or 128-bit UUID, any case', () => {
    expect(decoderFor('2a35')?.measurement).toBe('bp');
    expect(decoderFor('00002A1C-0000-1000-8000-00805f9b34fb')?.measurement).toBe('bt');
    expect(decoderFor('2A19')).toBeUndefined();
  });
});

describe('values outside physiological limits and coded status (issue 21 part 5)', () => {
  it('decodes a cuff’s 400 mmHg and flags it out of limits, by the limits a typed reading must pass', () => {
    const decoded = reading(decodeBloodPressure(encodeBloodPressure({ systolic: 400, diastolic: 90, pulse: 70 })));
    expect(decoded.values).toEqual({ systolic: 400, diastolic: 90, pulse: 70 });
    expect(decoded.flags).toEqual(['out-of-limits']);
    // A diastolic above the systolic is no blood pressure either.
    expect(reading(decodeBloodPressure(encodeBloodPressure({ systolic: 110, diastolic: 120 }))).flags).toEqual(['out-of-limits']);
    // The bounds themselves are plausible.
    expect(reading(decodeBloodPressure(encodeBloodPressure({ systolic: 300, diastolic: 200 }))).flags).toEqual([]);
  });

  it('flags an SpO2 of 30 %, a weight of 0.5 kg and a temperature of 50 °C', () => {
    expect(reading(decodePlxContinuous(encodePlxContinuous({ spo2: 30, pulse: 72 }))).flags).toEqual(['out-of-limits']);
    expect(reading(decodeWeight(encodeWeight({ weight: 0.5 }))).flags).toEqual(['out-of-limits']);
    expect(reading(decodeTemperature(encodeTemperature({ temperature: 50 }))).flags).toEqual(['out-of-limits']);
    expect(reading(decodeTemperature(encodeTemperature({ temperature: 37 }))).flags).toEqual([]);
  });

  it('codes the blood-pressure measurement status bits', () => {
    // Body movement (bit 0), irregular pulse (bit 2), pulse above range (bits 3–4 = 01), improper position (bit 5).
    const status = 0b1 | 0b100 | (1 << 3) | (1 << 5);
    expect(reading(decodeBloodPressure(encodeBloodPressure({ systolic: 120, diastolic: 80, status }))).flags).toEqual([
      'bp-body-movement',
      'bp-irregular-pulse',
      'bp-improper-position',
      'bp-pulse-above-range',
    ]);
    expect(reading(decodeBloodPressure(encodeBloodPressure({ systolic: 120, diastolic: 80, status: 0b10 | (2 << 3) }))).flags).toEqual(['bp-cuff-too-loose', 'bp-pulse-below-range']);
  });

  it('codes the glucose sensor status annunciation, beside out of limits', () => {
    const at = new Date(2026, 0, 5, 8, 0, 0);
    const value = encodeGlucose({ sequence: 9, glucose: 1200, at, status: (1 << 0) | (1 << 5) | (1 << 11) });
    expect(reading(decodeGlucose(value)).flags).toEqual(['out-of-limits', 'glucose-battery-low', 'glucose-result-above-range', 'glucose-time-fault']);
  });

  it('flags a spot-check whose device clock is not set', () => {
    expect(reading(decodePlxSpotCheck(encodePlxSpotCheck({ spo2: 97, pulse: 70, at: new Date(), clockNotSet: true }))).flags).toEqual(['clock-corrected']);
  });
});
