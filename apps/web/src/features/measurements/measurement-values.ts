import { displayBounds, displayDecimals, fromDisplay, type UnitPreferences } from '@opencare/schemas/entities/measurement-units';
import { fieldsOf, type Meal, type MeasurementType } from '@opencare/schemas/entities/measurements';

/** What the number fields hold: a number, or text while empty or half typed. */
export type FieldInputs = Record<string, number | string | undefined>;

export type IssueKey = 'range' | 'whole' | 'diastolic' | 'fev1';
export interface ValueIssue {
  key: IssueKey;
  params?: { min: number; max: number };
}

export interface CheckedValues {
  /** The entered values in stored (canonical) units, as they are sent. */
  values: Record<string, number>;
  /** Values entered but not possible, by field: shown at once, beside the field. */
  issues: Record<string, ValueIssue>;
  /** A required field is still empty. */
  missing: boolean;
  /** Nothing entered at all. */
  empty: boolean;
}

function numberOf(input: number | string | undefined): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
  if (input === undefined || input.trim() === '') return undefined;
  const parsed = Number(input);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * The form's own check of the values, in the units the person sees, with the same bounds and rules
 * as the server's (from packages/schemas), so the send button can say what is wrong before sending.
 */
export function checkValues(type: MeasurementType, inputs: FieldInputs, prefs: UnitPreferences): CheckedValues {
  const checked: CheckedValues = { values: {}, issues: {}, missing: false, empty: true };
  for (const [field, rule] of fieldsOf(type)) {
    const shown = numberOf(inputs[field]);
    if (shown === undefined) {
      if (rule.required) checked.missing = true;
      continue;
    }
    checked.empty = false;
    const bounds = displayBounds(type, field, prefs);
    if (shown < bounds.min || shown > bounds.max) checked.issues[field] = { key: 'range', params: bounds };
    else if (displayDecimals(type, field) === 0 && !Number.isInteger(shown)) checked.issues[field] = { key: 'whole' };
    else checked.values[field] = fromDisplay(type, field, shown, prefs);
  }
  const { systolic, diastolic, fev1, fvc } = checked.values;
  if (systolic !== undefined && diastolic !== undefined && diastolic >= systolic) checked.issues.diastolic = { key: 'diastolic' };
  if (fev1 !== undefined && fvc !== undefined && fev1 > fvc) checked.issues.fev1 = { key: 'fev1' };
  return checked;
}

export type WhyKey = 'chooseType' | 'takePhoto' | 'enterValues' | 'atLeastOne' | 'chooseMeal' | 'fixValues' | 'sending';

export interface FormState {
  type: MeasurementType | null;
  checked: CheckedValues | null;
  meal: Meal | null;
  hasPhoto: boolean;
  sending: boolean;
}

/** Why the send button cannot be used yet (spec §5: a selection is required), or null when it can. */
export function whyNotReady(state: FormState): WhyKey | null {
  if (state.sending) return 'sending';
  if (!state.type) return 'chooseType';
  if (state.type === 'camera') return state.hasPhoto ? null : 'takePhoto';
  if (!state.checked) return 'enterValues';
  if (Object.keys(state.checked.issues).length > 0) return 'fixValues';
  if (state.checked.missing) return 'enterValues';
  if (state.checked.empty) return 'atLeastOne';
  if (state.type === 'bs' && !state.meal) return 'chooseMeal';
  return null;
}
