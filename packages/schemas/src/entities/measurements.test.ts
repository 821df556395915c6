import { describe, expect, it } from 'vitest';
import { issues } from '../testing/issues';
import { DEFAULT_THRESHOLDS, isOutOfRange, rangeClassOf, thresholdInputSchema } from './measurement-ranges';
import {
  celsiusToFahrenheit,
  displayBounds,
  displayUnit,
  fahrenheitToCelsius,
  fromDisplay,
  kilogramsToPounds,
  poundsToKilograms,
  toDisplay,
} from './measurement-units';
import {
  MEASUREMENT_FIELDS,
  MEASUREMENT_TYPES,
  createMeasurementInputSchema,
  fieldsOf,
  measurementListQuerySchema,
  uploadFileInputSchema,
} from './measurements';

describe('measurement types and units', () => {
  it('has the lookup codes and the camera', () => {
    expect(MEASUREMENT_TYPES).toEqual(['bp', 'bt', 'bs', 'bw', 'sy', 'ox', 'camera']);
  });

  it('stores every value in a UCUM unit', () => {
    const units = Object.fromEntries(MEASUREMENT_TYPES.map((type) => [type, fieldsOf(type).map(([name, rule]) => `${name} ${rule.unit}`)]));
    expect(units).toEqual({
      bp: ['systolic mm[Hg]', 'diastolic mm[Hg]', 'pulse /min'],
      bt: ['temperature Cel'],
      bs: ['glucose mg/dL'],
      bw: ['weight kg'],
      sy: ['fev1 L', 'fvc L', 'pef L/min'],
      ox: ['spo2 %', 'pulse /min'],
      camera: [],
    });
  });
});

describe('createMeasurementInputSchema', () => {
  const bp = { type: 'bp', values: { systolic: 128, diastolic: 82, pulse: 70 } };

  it('needs a measurement type first (spec §5)', () => {
    expect(issues(createMeasurementInputSchema, { values: { systolic: 120 } })).toEqual([['type', 'Choose a measurement type.']]);
    expect(issues(createMeasurementInputSchema, { type: 'hr', values: {} })).toEqual([['type', 'Choose a measurement type.']]);
  });

  it('accepts a blood pressure with or without pulse', () => {
    expect(createMeasurementInputSchema.parse(bp)).toEqual(bp);
    expect(createMeasurementInputSchema.safeParse({ ...bp, values: { systolic: 128, diastolic: 82 } }).success).toBe(true);
  });

  it.each([
    [{ systolic: 39, diastolic: 30 }, 'values.systolic', 'Systolic pressure must be between 40 and 300 mmHg.'],
    [{ systolic: 301, diastolic: 80 }, 'values.systolic', 'Systolic pressure must be between 40 and 300 mmHg.'],
    [{ systolic: 120, diastolic: 19 }, 'values.diastolic', 'Diastolic pressure must be between 20 and 200 mmHg.'],
    [{ systolic: 120, diastolic: 80, pulse: 400 }, 'values.pulse', 'Pulse must be between 20 and 300 bpm.'],
    [{ systolic: 120.5, diastolic: 80 }, 'values.systolic', 'Systolic pressure must be a whole number.'],
    [{ diastolic: 80 }, 'values.systolic', 'This field is required.'],
    [{ systolic: '120', diastolic: 80 }, 'values.systolic', 'Systolic pressure must be a number.'],
    [{ systolic: 80, diastolic: 90 }, 'values.diastolic', 'Diastolic pressure must be lower than systolic pressure.'],
  ])('refuses the impossible blood pressure %j', (values, field, message) => {
    expect(issues(createMeasurementInputSchema, { type: 'bp', values })).toEqual([[field, message]]);
  });

  it('refuses a value of another type and unknown fields', () => {
    expect(issues(createMeasurementInputSchema, { type: 'bt', values: { temperature: 37, glucose: 90 } })[0]?.[0]).toBe('values');
    expect(createMeasurementInputSchema.safeParse({ ...bp, rangeClass: 'normal' }).success).toBe(false);
  });

  it('keeps two decimals of temperature and weight', () => {
    expect(createMeasurementInputSchema.parse({ type: 'bt', values: { temperature: 37.2777 } })).toMatchObject({ values: { temperature: 37.28 } });
    expect(issues(createMeasurementInputSchema, { type: 'bt', values: { temperature: 46 } })).toEqual([
      ['values.temperature', 'Temperature must be between 25 and 45 °C.'],
    ]);
    expect(createMeasurementInputSchema.parse({ type: 'bw', values: { weight: 81.8278 } })).toMatchObject({ values: { weight: 81.83 } });
  });

  it('takes blood sugar with before or after a meal, and only blood sugar', () => {
    expect(createMeasurementInputSchema.parse({ type: 'bs', values: { glucose: 95 }, meal: 'before' })).toMatchObject({ meal: 'before' });
    expect(issues(createMeasurementInputSchema, { type: 'bs', values: { glucose: 95 }, meal: 'during' })).toEqual([
      ['meal', 'Choose before or after a meal.'],
    ]);
    expect(createMeasurementInputSchema.safeParse({ ...bp, meal: 'before' }).success).toBe(false);
  });

  it('takes oxygen saturation up to 100 %', () => {
    expect(createMeasurementInputSchema.safeParse({ type: 'ox', values: { spo2: 100, pulse: 64 } }).success).toBe(true);
    expect(issues(createMeasurementInputSchema, { type: 'ox', values: { spo2: 101 } })).toEqual([
      ['values.spo2', 'Oxygen saturation must be between 50 and 100 %.'],
    ]);
  });

  it('takes at least one spirometry value, FEV1 no more than FVC', () => {
    expect(createMeasurementInputSchema.safeParse({ type: 'sy', values: { pef: 420 } }).success).toBe(true);
    expect(createMeasurementInputSchema.safeParse({ type: 'sy', values: { fev1: 2.9, fvc: 3.8, pef: 420 } }).success).toBe(true);
    expect(issues(createMeasurementInputSchema, { type: 'sy', values: {} })).toEqual([
      ['values', 'Enter at least one of FEV1, FVC or peak flow.'],
    ]);
    expect(issues(createMeasurementInputSchema, { type: 'sy', values: { fev1: 4, fvc: 3 } })).toEqual([['values.fev1', 'FEV1 cannot be more than FVC.']]);
  });

  it('takes a camera photo by its file id, with a note', () => {
    const fileId = '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f';
    expect(createMeasurementInputSchema.parse({ type: 'camera', fileId, note: ' Left foot ' })).toEqual({
      type: 'camera',
      values: {},
      fileId,
      note: 'Left foot',
    });
    expect(issues(createMeasurementInputSchema, { type: 'camera' })).toEqual([['fileId', 'Take or upload a photo first.']]);
  });

  it('takes an idempotency id, a time with an offset and a task', () => {
    const full = {
      ...bp,
      id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
      takenAt: '2026-03-08T07:30:00-04:00',
      taskId: '4f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
    };
    expect(createMeasurementInputSchema.parse(full)).toEqual(full);
    expect(issues(createMeasurementInputSchema, { ...bp, takenAt: 'yesterday' })).toEqual([
      ['takenAt', 'Enter the time as an ISO 8601 date and time.'],
    ]);
    expect(issues(createMeasurementInputSchema, { ...bp, id: 'abc' })).toEqual([['id', 'Enter a valid identifier.']]);
  });
});

describe('measurementListQuerySchema', () => {
  it('pages 20 at a time by default and names the patient as user_id or patient', () => {
    expect(measurementListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    const id = '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f';
    expect(measurementListQuerySchema.parse({ user_id: id, type: 'bp', page: '2' })).toEqual({ user_id: id, type: 'bp', page: 2, pageSize: 20 });
    expect(measurementListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(measurementListQuerySchema.safeParse({ type: 'camera' }).success).toBe(true);
  });
});

describe('uploadFileInputSchema', () => {
  it('takes JPEG or PNG images in base64 up to 4 MB', () => {
    expect(uploadFileInputSchema.safeParse({ contentType: 'image/png', data: 'iVBORw0KGgo=' }).success).toBe(true);
    expect(issues(uploadFileInputSchema, { contentType: 'image/svg+xml', data: 'PHN2Zz4=' })).toEqual([
      ['contentType', 'Upload a JPEG or PNG image.'],
    ]);
    expect(issues(uploadFileInputSchema, { contentType: 'image/png', data: 'not base64!' })).toEqual([['data', 'The image must be base64 text.']]);
    expect(issues(uploadFileInputSchema, { contentType: 'image/png', data: 'A'.repeat(5_600_000) })).toEqual([
      ['data', 'The image must be 4 MB or smaller.'],
    ]);
  });
});

describe('display units', () => {
  const us = { temperatureUnit: 'F', weightUnit: 'lb' } as const;
  const metric = { temperatureUnit: 'C', weightUnit: 'kg' } as const;

  it('converts temperature and weight both ways', () => {
    expect(celsiusToFahrenheit(37)).toBeCloseTo(98.6, 10);
    expect(fahrenheitToCelsius(98.6)).toBeCloseTo(37, 10);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(poundsToKilograms(1)).toBe(0.45359237);
    expect(kilogramsToPounds(0.45359237)).toBe(1);
  });

  it('shows stored values in the preferred unit, one decimal', () => {
    expect(displayUnit('bt', 'temperature', us)).toBe('[degF]');
    expect(displayUnit('bt', 'temperature', metric)).toBe('Cel');
    expect(displayUnit('bw', 'weight', us)).toBe('[lb_av]');
    expect(displayUnit('bp', 'systolic', us)).toBe('mm[Hg]');
    expect(toDisplay('bt', 'temperature', 37, us)).toBe(98.6);
    expect(toDisplay('bt', 'temperature', 37.28, metric)).toBe(37.3);
    expect(toDisplay('bw', 'weight', 81.83, us)).toBe(180.4);
    expect(toDisplay('bp', 'systolic', 128, us)).toBe(128);
  });

  it('stores what was entered in the canonical unit, and shows it back unchanged', () => {
    expect(fromDisplay('bt', 'temperature', 98.6, us)).toBe(37);
    expect(fromDisplay('bw', 'weight', 180.4, us)).toBe(81.83);
    for (const shown of [95.1, 97.7, 99.1, 100.4, 103.9, 106.3]) {
      expect(toDisplay('bt', 'temperature', fromDisplay('bt', 'temperature', shown, us), us)).toBe(shown);
    }
    for (const shown of [2.3, 99.9, 150.2, 180.4, 333.3, 1000.1]) {
      expect(toDisplay('bw', 'weight', fromDisplay('bw', 'weight', shown, us), us)).toBe(shown);
    }
  });

  it('gives the bounds in the preferred unit, inside the stored ones', () => {
    expect(displayBounds('bt', 'temperature', us)).toEqual({ min: 77, max: 113 });
    expect(displayBounds('bt', 'temperature', metric)).toEqual({ min: 25, max: 45 });
    expect(displayBounds('bw', 'weight', us)).toEqual({ min: 2.3, max: 1102.3 });
    expect(displayBounds('bp', 'systolic', us)).toEqual({ min: 40, max: 300 });
    const { min, max } = displayBounds('bw', 'weight', us);
    const stored = MEASUREMENT_FIELDS.bw.weight;
    expect(fromDisplay('bw', 'weight', min, us)).toBeGreaterThanOrEqual(stored.min);
    expect(fromDisplay('bw', 'weight', max, us)).toBeLessThanOrEqual(stored.max);
  });
});

describe('range classes', () => {
  const bp = DEFAULT_THRESHOLDS.bp;

  it.each([
    [{ systolic: 118, diastolic: 76, pulse: 70 }, 'normal'],
    [{ systolic: 124, diastolic: 78 }, 'elevated'],
    [{ systolic: 134, diastolic: 78 }, 'high'],
    [{ systolic: 118, diastolic: 84 }, 'high'],
    [{ systolic: 185, diastolic: 100 }, 'highest'],
    [{ systolic: 150, diastolic: 125 }, 'highest'],
    [{ systolic: 85, diastolic: 55 }, 'lowest'],
    // The furthest value decides: a high pulse outranks a low pressure.
    [{ systolic: 85, diastolic: 55, pulse: 125 }, 'high'],
    [{ systolic: 124, diastolic: 55 }, 'lowest'],
  ])('classes the blood pressure %j as %s by the default thresholds', (values, expected) => {
    expect(rangeClassOf(values, bp)).toBe(expected);
  });

  it('treats limits as "below" and "from" (inclusive)', () => {
    const limits = { glucose: { lowBelow: 70, elevatedFrom: 140, highFrom: 180, highestFrom: 250 } };
    expect(rangeClassOf({ glucose: 69 }, limits)).toBe('lowest');
    expect(rangeClassOf({ glucose: 70 }, limits)).toBe('normal');
    expect(rangeClassOf({ glucose: 139 }, limits)).toBe('normal');
    expect(rangeClassOf({ glucose: 140 }, limits)).toBe('elevated');
    expect(rangeClassOf({ glucose: 180 }, limits)).toBe('high');
    expect(rangeClassOf({ glucose: 250 }, limits)).toBe('highest');
  });

  it('gives no class where no limit applies', () => {
    expect(rangeClassOf({ weight: 80 }, DEFAULT_THRESHOLDS.bw)).toBeNull();
    expect(rangeClassOf({}, DEFAULT_THRESHOLDS.camera)).toBeNull();
    expect(rangeClassOf({ pef: 300 }, { pef: { lowBelow: 320 } })).toBe('lowest');
  });

  it('raises alerts for every class but normal', () => {
    expect(isOutOfRange('normal')).toBe(false);
    expect(isOutOfRange(null)).toBe(false);
    for (const rangeClass of ['lowest', 'elevated', 'high', 'highest'] as const) expect(isOutOfRange(rangeClass)).toBe(true);
  });
});

describe('thresholdInputSchema', () => {
  it('takes limits for the fields of the type, in ascending order', () => {
    expect(thresholdInputSchema('bp').parse({ limits: { systolic: { highFrom: 140, highestFrom: 180 } } })).toEqual({
      limits: { systolic: { highFrom: 140, highestFrom: 180 } },
    });
    expect(issues(thresholdInputSchema('bp'), { limits: { systolic: { highFrom: 140, elevatedFrom: 150 } } })).toEqual([
      ['limits.systolic.highFrom', 'Each limit must be above the one before it.'],
    ]);
  });

  it('refuses fields of other types and limits beyond the plausible bounds', () => {
    expect(thresholdInputSchema('bp').safeParse({ limits: { glucose: { highFrom: 200 } } }).success).toBe(false);
    expect(thresholdInputSchema('bp').safeParse({ limits: { systolic: { peak: 200 } } }).success).toBe(false);
    expect(issues(thresholdInputSchema('ox'), { limits: { spo2: { lowBelow: 40 } } })).toEqual([
      ['limits.spo2.lowBelow', 'Limits must be between 50 and 100 %.'],
    ]);
  });

  it('has valid defaults for every type', () => {
    for (const type of MEASUREMENT_TYPES) {
      expect(thresholdInputSchema(type).safeParse({ limits: DEFAULT_THRESHOLDS[type] }).success).toBe(true);
    }
  });
});
