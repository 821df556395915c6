import {
  LIMIT_NAMES,
  type FieldLimits,
  type TypeLimits,
} from '@opencare/schemas/entities/measurement-ranges';
import { fieldsOf, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { fromDisplay, toDisplay, type UnitPreferences } from '@opencare/schemas/entities/measurement-units';

export type LimitName = (typeof LIMIT_NAMES)[number];
/** What the form holds: per field and limit, a number in the reader's unit or '' (not applied). */
export type LimitDrafts = Record<string, Record<LimitName, number | ''>>;

/** Stored (canonical) limits as the form shows them, in the reader's units. */
export function draftsOf(type: MeasurementType, limits: TypeLimits, units: UnitPreferences): LimitDrafts {
  return Object.fromEntries(
    fieldsOf(type).map(([field]) => {
      const stored: FieldLimits = limits[field] ?? {};
      const shown = Object.fromEntries(
        LIMIT_NAMES.map((name) => {
          const value = stored[name];
          return [name, value === undefined ? '' : toDisplay(type, field, value, units)];
        }),
      ) as Record<LimitName, number | ''>;
      return [field, shown];
    }),
  );
}

/**
 * The form's values as they are stored (canonical units). Every field is sent: one the provider
 * emptied becomes `{}` (limits off), not left out (which would bring back its defaults).
 */
export function limitsOf(type: MeasurementType, drafts: LimitDrafts, units: UnitPreferences): TypeLimits {
  return Object.fromEntries(
    fieldsOf(type).map(([field]) => {
      const draft = drafts[field];
      const limits: FieldLimits = {};
      for (const name of LIMIT_NAMES) {
        const value = draft?.[name];
        if (value !== undefined && value !== '') limits[name] = fromDisplay(type, field, value, units);
      }
      return [field, limits];
    }),
  );
}
