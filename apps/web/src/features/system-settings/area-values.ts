import { SETTINGS_SCHEMAS, type Settings, type SettingsArea } from '@opencare/schemas/entities/settings';
import { firstIssues, type FieldErrors } from '../../components/form/form-errors';

/**
 * An area's values as its form holds them: inputs give text ('' for empty) where the settings hold
 * a number or null, so every field may also be a string until the schema has read it.
 */
export type Draft<A extends SettingsArea> = {
  [K in keyof Settings[A]]-?: Exclude<Settings[A][K], null | undefined> | string;
};

export function draftOf<A extends SettingsArea>(saved: Settings[A]): Draft<A> {
  return Object.fromEntries(Object.entries(saved).map(([key, value]) => [key, value ?? ''])) as Draft<A>;
}

/** Blank text is "not set": null, which optional fields accept and required ones call required. */
export function areaBody(draft: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(draft).map(([key, value]) => [
      key,
      typeof value === 'string' && value.trim() === '' ? null : value,
    ]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function isDirty<A extends SettingsArea>(saved: Settings[A], draft: Draft<A>): boolean {
  return !same(draftOf<A>(saved), draft);
}

/**
 * Check every field with the area's shared schema; the change to send is only the fields that
 * differ from the saved values, as the schema read them (trimmed, lower-cased e-mail, …).
 */
export function areaPatch<A extends SettingsArea>(
  area: A,
  saved: Settings[A],
  draft: Draft<A>,
): { errors: FieldErrors; patch: Partial<Settings[A]> | null } {
  const result = SETTINGS_SCHEMAS[area].safeParse(areaBody(draft));
  if (!result.success) return { errors: firstIssues(result), patch: null };
  const valid = result.data as Record<string, unknown>;
  const before = saved as Record<string, unknown>;
  const patch = Object.fromEntries(Object.entries(valid).filter(([key, value]) => !same(value, before[key])));
  return { errors: {}, patch: patch as Partial<Settings[A]> };
}
