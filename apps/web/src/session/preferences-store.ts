import { DEFAULT_PREFERENCES, isLanguage } from '@opencare/schemas/default-preferences';
import type { Preferences } from '@opencare/schemas/preferences';
import { checkedItem, storedString } from './stored-item';

/**
 * The user preferences of spec §3, kept on this device (localStorage), not per account: a shared
 * tablet keeps its large text whoever signs in. Each stored field is checked on its own, so one bad
 * value (an older release, a hand edit) falls back to its default without losing the others.
 */
export const PREFERENCES_KEY = 'opencare.preferences';

const item = checkedItem('local', PREFERENCES_KEY, async () => {
  const fields = (await import('@opencare/schemas/preferences')).preferencesPatchSchema.shape;
  return (raw): Preferences => {
    const preferences: Preferences = { ...DEFAULT_PREFERENCES };
    if (typeof raw !== 'object' || raw === null) return preferences;
    for (const [name, value] of Object.entries(raw)) {
      if (!Object.hasOwn(fields, name)) continue;
      const checked = fields[name as keyof typeof fields].safeParse(value);
      if (checked.success && checked.data !== undefined) Object.assign(preferences, { [name]: checked.data });
    }
    return preferences;
  };
});

/** Where releases before the preferences kept the language alone; honoured until preferences are saved. */
const legacyLanguage = storedString('local', 'opencare.language');

export function loadPreferences(): Preferences {
  const language = legacyLanguage.get();
  return item.get() ?? { ...DEFAULT_PREFERENCES, ...(isLanguage(language) ? { language } : {}) };
}

/** The stored preferences, once their check is here (main.tsx, before the first render). */
export async function loadStoredPreferences(): Promise<Preferences> {
  await item.loadCheck();
  return loadPreferences();
}

/** Whether this device keeps preferences someone chose (else it shows the organisation's defaults). */
export function hasStoredPreferences(): boolean {
  return item.get() !== null || legacyLanguage.get() !== null;
}

export function savePreferences(preferences: Preferences): void {
  item.set(preferences);
}
