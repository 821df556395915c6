import { UNIT_LABELS, measurementTypeSchema } from '@opencare/schemas/entities/measurements';
import {
  displayDecimals,
  displayUnit,
  toDisplay,
  type UnitPreferences,
} from '@opencare/schemas/entities/measurement-units';

/**
 * Readings are stored in canonical units (°C, kg, mmHg, mg/dL, %); people read temperature and weight
 * in the units of their preferences (spec §3: °F and lb by default). The conversions are the
 * measurements schema's, shared with the server; this only shapes them for the charts and cards.
 */
export type DisplayUnits = UnitPreferences;

/** The unit a value of a measurement type is shown in, and how a stored value becomes one in it. */
export interface ValueScale {
  unit: string;
  convert: (stored: number) => number;
  /** Decimal places worth showing. */
  digits: number;
}

export function scaleOf(type: string, key: string, units: DisplayUnits): ValueScale {
  const known = measurementTypeSchema.safeParse(type);
  // A type this version does not know is shown as stored, without a unit.
  if (!known.success) return { unit: '', convert: (stored) => stored, digits: 2 };
  return {
    unit: UNIT_LABELS[displayUnit(known.data, key, units)],
    convert: (stored) => toDisplay(known.data, key, stored, units),
    digits: displayDecimals(known.data, key),
  };
}

/** The values a chart of a type draws as lines, in order; other values are shown beside them. */
export function chartKeysOf(type: string, keys: readonly string[]): string[] {
  if (type === 'bp') return ['systolic', 'diastolic'].filter((k) => keys.includes(k));
  if (type === 'ox' && keys.includes('spo2')) return ['spo2'];
  const main = keys.filter((k) => k !== 'pulse');
  return (main.length > 0 ? main : keys).slice(0, 2);
}
