import { z } from 'zod';
import {
  MEASUREMENT_TYPES,
  UNIT_LABELS,
  fieldsOf,
  type FieldRule,
  type MeasurementType,
  type RangeClass,
} from './measurements';

/**
 * Range classes (spec §3 palette: lowest, normal, elevated, high, highest) from per-patient
 * thresholds that physicians and nurses set per measurement type and field, in canonical units.
 *
 * A value below `lowBelow` is lowest; at or above `highestFrom` highest, else at or above `highFrom`
 * high, else at or above `elevatedFrom` elevated; otherwise normal. A limit left out is not applied.
 */
export const LIMIT_NAMES = ['lowBelow', 'elevatedFrom', 'highFrom', 'highestFrom'] as const;
export type FieldLimits = Partial<Record<(typeof LIMIT_NAMES)[number], number>>;
/** A type's limits by field name (e.g. bp: { systolic: {...}, diastolic: {...} }). */
export type TypeLimits = Record<string, FieldLimits>;

/**
 * Used until a provider sets a patient's own. Blood pressure follows the 2017 ACC/AHA categories
 * (elevated 120–129, stage 1 from 130/80, crisis from 180/120; hypotension below 90/60); blood sugar
 * the ADA's hypoglycaemia level (below 70 mg/dL) and 180 mg/dL after meals; temperature fever from
 * 38 °C; SpO2 below 90 %. Weight and spirometry are personal, so they have no default: a provider
 * sets them from the patient's own baseline.
 */
const PULSE_LIMITS: FieldLimits = { lowBelow: 50, elevatedFrom: 100, highFrom: 120, highestFrom: 150 };
export const DEFAULT_THRESHOLDS: Record<MeasurementType, TypeLimits> = {
  bp: {
    systolic: { lowBelow: 90, elevatedFrom: 120, highFrom: 130, highestFrom: 180 },
    diastolic: { lowBelow: 60, highFrom: 80, highestFrom: 120 },
    pulse: PULSE_LIMITS,
  },
  bt: { temperature: { lowBelow: 35, elevatedFrom: 37.5, highFrom: 38, highestFrom: 39.5 } },
  bs: { glucose: { lowBelow: 70, elevatedFrom: 140, highFrom: 180, highestFrom: 250 } },
  bw: {},
  ox: { spo2: { lowBelow: 90 }, pulse: PULSE_LIMITS },
  sy: {},
  camera: {},
};

function fieldLimitsSchema(rule: FieldRule) {
  const bounds = `Limits must be between ${rule.min} and ${rule.max} ${UNIT_LABELS[rule.unit]}.`;
  const limit = z.number('Enter a number.').min(rule.min, bounds).max(rule.max, bounds).optional();
  return z
    .strictObject({ lowBelow: limit, elevatedFrom: limit, highFrom: limit, highestFrom: limit })
    .superRefine((limits, ctx) => {
      // Each class starts above the one before it, or the classes would overlap.
      let previous: number | undefined;
      for (const name of LIMIT_NAMES) {
        const value = limits[name];
        if (value === undefined) continue;
        if (previous !== undefined && value <= previous) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'Each limit must be above the one before it.' });
        }
        previous = value;
      }
    });
}

/** The limits a provider may set for one type: only that type's fields, each within its bounds. */
function buildThresholdInputSchema(type: MeasurementType) {
  const fields = Object.fromEntries(fieldsOf(type).map(([name, rule]) => [name, fieldLimitsSchema(rule).optional()]));
  return z.strictObject({ limits: z.strictObject(fields) });
}

const thresholdInputSchemas = new Map<MeasurementType, ReturnType<typeof buildThresholdInputSchema>>();

/**
 * Made once per type: every reading stored is classified by limits checked with it, and building
 * a zod schema costs more than a parse (issue 20: a tenth of a typed reading's CPU on the edge).
 */
export function thresholdInputSchema(type: MeasurementType) {
  let schema = thresholdInputSchemas.get(type);
  if (!schema) {
    schema = buildThresholdInputSchema(type);
    thresholdInputSchemas.set(type, schema);
  }
  return schema;
}

/** The wire shape of a thresholds change; its fields are checked against the type's. */
export const setThresholdsInputSchema = z.strictObject({
  limits: z.record(z.string(), z.record(z.string(), z.number())),
});

export const thresholdsSchema = z.object({
  patientId: z.uuid(),
  type: z.enum(MEASUREMENT_TYPES),
  limits: z.record(z.string(), z.record(z.string(), z.number())),
  /** True while the patient has no limits of their own for the type. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type Thresholds = z.infer<typeof thresholdsSchema>;

function classOfValue(value: number, limits: FieldLimits): RangeClass {
  if (limits.lowBelow !== undefined && value < limits.lowBelow) return 'lowest';
  if (limits.highestFrom !== undefined && value >= limits.highestFrom) return 'highest';
  if (limits.highFrom !== undefined && value >= limits.highFrom) return 'high';
  if (limits.elevatedFrom !== undefined && value >= limits.elevatedFrom) return 'elevated';
  return 'normal';
}

/**
 * How far from normal each class is: a reading takes the class of its furthest value. A low value
 * (lowest) ranks between elevated and high: hypotension or hypoglycaemia needs more attention than
 * a slightly raised value, less than a high one.
 */
export const RANGE_SEVERITY: Record<RangeClass, number> = { normal: 0, elevated: 1, lowest: 2, high: 3, highest: 4 };

/** A reading's class from the limits of its fields; null when no limit applies to any value. */
export function rangeClassOf(values: Record<string, number | undefined>, limits: TypeLimits): RangeClass | null {
  let result: RangeClass | null = null;
  for (const [field, value] of Object.entries(values)) {
    const fieldLimits = limits[field];
    if (value === undefined || !fieldLimits || Object.keys(fieldLimits).length === 0) continue;
    const found = classOfValue(value, fieldLimits);
    if (result === null || RANGE_SEVERITY[found] > RANGE_SEVERITY[result]) result = found;
  }
  return result;
}

/** The normal range a set of limits leaves (for a chart's band): from lowBelow up to the first raised class. */
export function normalRangeOf(limits: FieldLimits): { low?: number; high?: number } {
  return { low: limits.lowBelow, high: limits.elevatedFrom ?? limits.highFrom ?? limits.highestFrom };
}

/** Out of range: anything but normal raises an alert for the care team. */
export const isOutOfRange = (rangeClass: RangeClass | null): rangeClass is Exclude<RangeClass, 'normal'> =>
  rangeClass !== null && rangeClass !== 'normal';
