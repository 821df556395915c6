import type { Preferences } from '../preferences';
import { fieldRule, type MeasurementType, type UcumUnit } from './measurements';

/**
 * Display units (spec §3 preferences: °F or °C, lb or kg) over the canonical UCUM units. Client and
 * server share these, so a value entered in °F is stored as the same °C everywhere.
 */
export type UnitPreferences = Pick<Preferences, 'temperatureUnit' | 'weightUnit'>;

/** Exact by definition: the international avoirdupois pound is 0.45359237 kg. */
const KG_PER_LB = 0.45359237;

export const celsiusToFahrenheit = (celsius: number) => (celsius * 9) / 5 + 32;
export const fahrenheitToCelsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;
export const kilogramsToPounds = (kg: number) => kg / KG_PER_LB;
export const poundsToKilograms = (lb: number) => lb * KG_PER_LB;

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The unit a person sees a field in. */
export function displayUnit(type: MeasurementType, field: string, prefs: UnitPreferences): UcumUnit {
  const unit = fieldRule(type, field)?.unit ?? '%';
  if (unit === 'Cel' && prefs.temperatureUnit === 'F') return '[degF]';
  if (unit === 'kg' && prefs.weightUnit === 'lb') return '[lb_av]';
  return unit;
}

/** Decimal places shown: one for temperature and weight in any unit, else the field's own. */
export function displayDecimals(type: MeasurementType, field: string): number {
  const unit = fieldRule(type, field)?.unit;
  if (unit === 'Cel' || unit === 'kg') return 1;
  return fieldRule(type, field)?.decimals ?? 0;
}

function convert(value: number, from: UcumUnit, to: UcumUnit): number {
  if (from === to) return value;
  if (from === 'Cel' && to === '[degF]') return celsiusToFahrenheit(value);
  if (from === '[degF]' && to === 'Cel') return fahrenheitToCelsius(value);
  if (from === 'kg' && to === '[lb_av]') return kilogramsToPounds(value);
  if (from === '[lb_av]' && to === 'kg') return poundsToKilograms(value);
  throw new Error(`No conversion from ${from} to ${to}`);
}

/** A stored (canonical) value in the person's unit, rounded for display. */
export function toDisplay(type: MeasurementType, field: string, canonical: number, prefs: UnitPreferences): number {
  const rule = fieldRule(type, field);
  if (!rule) return canonical;
  return round(convert(canonical, rule.unit, displayUnit(type, field, prefs)), displayDecimals(type, field));
}

/** A value entered in the person's unit, as it is stored (canonical unit and precision). */
export function fromDisplay(type: MeasurementType, field: string, shown: number, prefs: UnitPreferences): number {
  const rule = fieldRule(type, field);
  if (!rule) return shown;
  return round(convert(shown, displayUnit(type, field, prefs), rule.unit), rule.decimals);
}

/** A field's plausible bounds in the person's unit, for the form's own checks and hints. */
export function displayBounds(type: MeasurementType, field: string, prefs: UnitPreferences): { min: number; max: number } {
  const rule = fieldRule(type, field);
  if (!rule) return { min: 0, max: 0 };
  const to = displayUnit(type, field, prefs);
  const decimals = displayDecimals(type, field);
  // Rounded inwards, so a value inside the shown bounds is always inside the stored ones.
  const factor = 10 ** decimals;
  return {
    min: Math.ceil(convert(rule.min, rule.unit, to) * factor) / factor,
    max: Math.floor(convert(rule.max, rule.unit, to) * factor) / factor,
  };
}
