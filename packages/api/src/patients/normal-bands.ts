import { normalRangeOf, type TypeLimits } from '@opencare/schemas/entities/measurement-ranges';
import { fieldRule, type MeasurementType } from '@opencare/schemas/entities/measurements';

/**
 * The normal band a chart draws behind each value, in stored (canonical) units: from the limits in
 * force for the patient (their own, else the defaults), from `lowBelow` up to the first raised class;
 * a field with no upper limit (SpO₂) reaches its plausible maximum. It only guides the eye: the colour
 * of every reading is its stored range class.
 */
export interface NormalBand {
  low: number;
  high: number;
}

export function normalBandsOf(type: MeasurementType, limits: TypeLimits): Record<string, NormalBand> {
  const bands: Record<string, NormalBand> = {};
  for (const [field, fieldLimits] of Object.entries(limits)) {
    const { low, high = fieldRule(type, field)?.max } = normalRangeOf(fieldLimits);
    // Without a lower limit the band would reach down to the plausible minimum and flatten the chart.
    if (low !== undefined && high !== undefined && low < high) bands[field] = { low, high };
  }
  return bands;
}
