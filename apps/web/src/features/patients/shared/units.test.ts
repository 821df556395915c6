import { describe, expect, it } from 'vitest';
import { chartKeysOf, scaleOf } from './units';

describe('display units', () => {
  it('shows temperatures and weights in the preferred units', () => {
    const us = { temperatureUnit: 'F', weightUnit: 'lb' } as const;
    const metric = { temperatureUnit: 'C', weightUnit: 'kg' } as const;
    expect(scaleOf('bt', 'temperature', us).convert(37)).toBeCloseTo(98.6);
    expect(scaleOf('bt', 'temperature', us).unit).toBe('°F');
    expect(scaleOf('bt', 'temperature', metric).convert(37)).toBe(37);
    expect(scaleOf('bw', 'weight', us).convert(80)).toBeCloseTo(176.4, 1);
    expect(scaleOf('bw', 'weight', metric).unit).toBe('kg');
  });

  it('keeps the other types in their stored units, and an unknown type as it is', () => {
    const units = { temperatureUnit: 'F', weightUnit: 'lb' } as const;
    expect(scaleOf('bp', 'systolic', units)).toMatchObject({ unit: 'mmHg', digits: 0 });
    expect(scaleOf('bp', 'pulse', units).unit).toBe('bpm');
    expect(scaleOf('ox', 'spo2', units).unit).toBe('%');
    expect(scaleOf('bs', 'glucose', units).unit).toBe('mg/dL');
    expect(scaleOf('xx', 'value', units)).toMatchObject({ unit: '' });
    expect(scaleOf('xx', 'value', units).convert(3)).toBe(3);
  });

  it('draws systolic and diastolic for blood pressure, SpO₂ for oximetry, else the main values', () => {
    expect(chartKeysOf('bp', ['pulse', 'diastolic', 'systolic'])).toEqual(['systolic', 'diastolic']);
    expect(chartKeysOf('ox', ['pulse', 'spo2'])).toEqual(['spo2']);
    expect(chartKeysOf('bt', ['temperature'])).toEqual(['temperature']);
    expect(chartKeysOf('xx', ['pulse'])).toEqual(['pulse']);
  });
});
