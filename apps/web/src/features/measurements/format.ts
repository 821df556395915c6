import { displayUnit, toDisplay, type UnitPreferences } from '@opencare/schemas/entities/measurement-units';
import { fieldsOf, type Measurement, type UcumUnit } from '@opencare/schemas/entities/measurements';
import type enMeasurements from '../../i18n/locales/en-US/measurements.json';

type Messages = typeof enMeasurements;
export type UnitKey = keyof Messages['units'];
export type FieldName = keyof Messages['fields'];

/** A value's field name as a `measurements:fields.*` key (the schemas' field names are the keys). */
export const fieldKey = (field: string) => `fields.${field as FieldName}` as const;

/** The `measurements:units.*` key of each unit, so every language writes units its own way. */
export const UNIT_KEYS: Record<UcumUnit, UnitKey> = {
  'mm[Hg]': 'mmHg',
  '/min': 'bpm',
  Cel: 'celsius',
  '[degF]': 'fahrenheit',
  'mg/dL': 'mgdl',
  kg: 'kg',
  '[lb_av]': 'lb',
  '%': 'percent',
  L: 'litre',
  'L/min': 'litrePerMinute',
};

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A reading's date and time where the reader is. */
export function formatTakenAt(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', hour12: true }).format(new Date(iso));
}

export interface ShownValue {
  field: string;
  value: string;
  unit: UcumUnit;
}

/**
 * A reading's values in the reader's units. Blood pressure reads as one "134/82" in mmHg, as
 * people write it; the rest field by field.
 */
export function shownValues(measurement: Pick<Measurement, 'type' | 'values'>, prefs: UnitPreferences, language: string): ShownValue[] {
  const { type, values } = measurement;
  const shown = (field: string): ShownValue | null => {
    const value = values[field];
    if (value === undefined) return null;
    return { field, value: formatNumber(toDisplay(type, field, value, prefs), language), unit: displayUnit(type, field, prefs) };
  };
  if (type === 'bp' && values.systolic !== undefined && values.diastolic !== undefined) {
    const pressure: ShownValue = {
      field: 'pressure',
      value: `${formatNumber(values.systolic, language)}/${formatNumber(values.diastolic, language)}`,
      unit: 'mm[Hg]',
    };
    const pulse = shown('pulse');
    return pulse ? [pressure, pulse] : [pressure];
  }
  return fieldsOf(type)
    .map(([field]) => shown(field))
    .filter((v): v is ShownValue => v !== null);
}
