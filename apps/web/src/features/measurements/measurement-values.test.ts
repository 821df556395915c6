import { describe, expect, it } from 'vitest';
import { checkValues, whyNotReady } from './measurement-values';

const us = { temperatureUnit: 'F', weightUnit: 'lb' } as const;
const metric = { temperatureUnit: 'C', weightUnit: 'kg' } as const;

describe('checkValues', () => {
  it('sends blood pressure as entered, pulse optional', () => {
    expect(checkValues('bp', { systolic: 134, diastolic: 82, pulse: '' }, us)).toEqual({
      values: { systolic: 134, diastolic: 82 },
      issues: {},
      missing: false,
      empty: false,
    });
    expect(checkValues('bp', { systolic: 134 }, us).missing).toBe(true);
  });

  it('converts °F and lb to the stored °C and kg', () => {
    expect(checkValues('bt', { temperature: 98.6 }, us).values).toEqual({ temperature: 37 });
    expect(checkValues('bt', { temperature: '37.5' }, metric).values).toEqual({ temperature: 37.5 });
    expect(checkValues('bw', { weight: 180.4 }, us).values).toEqual({ weight: 81.83 });
  });

  it('says which values are impossible, in the person’s units', () => {
    expect(checkValues('bt', { temperature: 37 }, us).issues).toEqual({ temperature: { key: 'range', params: { min: 77, max: 113 } } });
    expect(checkValues('bp', { systolic: 120.5, diastolic: 80 }, us).issues).toEqual({ systolic: { key: 'whole' } });
    expect(checkValues('bp', { systolic: 90, diastolic: 95 }, us).issues).toEqual({ diastolic: { key: 'diastolic' } });
    expect(checkValues('sy', { fev1: 4, fvc: 3 }, us).issues).toEqual({ fev1: { key: 'fev1' } });
  });
});

describe('whyNotReady', () => {
  const ready = { type: 'bp' as const, checked: checkValues('bp', { systolic: 120, diastolic: 80 }, us), meal: null, hasPhoto: false, sending: false };

  it('asks for a type first, then for what is missing or wrong', () => {
    expect(whyNotReady({ ...ready, type: null })).toBe('chooseType');
    expect(whyNotReady({ ...ready, checked: checkValues('bp', {}, us) })).toBe('enterValues');
    expect(whyNotReady({ ...ready, checked: checkValues('bp', { systolic: 400, diastolic: 80 }, us) })).toBe('fixValues');
    expect(whyNotReady({ ...ready, type: 'sy', checked: checkValues('sy', {}, us) })).toBe('atLeastOne');
    expect(whyNotReady({ ...ready, type: 'bs', checked: checkValues('bs', { glucose: 100 }, us) })).toBe('chooseMeal');
    expect(whyNotReady({ ...ready, type: 'camera', checked: null })).toBe('takePhoto');
    expect(whyNotReady({ ...ready, sending: true })).toBe('sending');
  });

  it('lets a complete reading be sent', () => {
    expect(whyNotReady(ready)).toBeNull();
    expect(whyNotReady({ ...ready, type: 'bs', meal: 'after', checked: checkValues('bs', { glucose: 100 }, us) })).toBeNull();
    expect(whyNotReady({ ...ready, type: 'camera', checked: null, hasPhoto: true })).toBeNull();
  });
});
