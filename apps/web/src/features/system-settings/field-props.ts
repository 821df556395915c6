import type { SettingsArea } from '@opencare/schemas/entities/settings';
import type { AreaFormApi } from './area-form';
import type { Draft } from './area-values';

/** Props binding a Mantine input to one field of an area's form. */

export function numberField<A extends SettingsArea>(form: AreaFormApi<A>, key: keyof Draft<A> & string) {
  return {
    name: key,
    value: form.values[key] as number | string,
    onChange: (value: number | string) => form.set(key, value as Draft<A>[typeof key]),
    error: form.error(key),
    // Whole numbers only; out of range is said by the schema's message, never silently clamped.
    allowDecimal: false,
    clampBehavior: 'none' as const,
  };
}

export function textField<A extends SettingsArea>(form: AreaFormApi<A>, key: keyof Draft<A> & string) {
  return {
    name: key,
    value: String(form.values[key]),
    onChange: (event: { currentTarget: { value: string } }) => form.set(key, event.currentTarget.value),
    error: form.error(key),
  };
}
