import type { Language, Preferences } from '@opencare/schemas/preferences';
import { createContext } from 'react';

export type { Preferences };

export interface PreferencesContextValue {
  preferences: Preferences;
  /** Change one preference; it applies at once (spec §4, Preferences) and is remembered on this device. */
  setPreference: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
  /** The organisation's default language, applied only where no one chose preferences on this device. */
  adoptDefaultLanguage?: (language: Language) => void;
}

export const PreferencesContext = createContext<PreferencesContextValue | null>(null);
