import { useCallback } from 'react';
import { usePreferences } from '../session/use-preferences';
import type { Language } from './language';

/**
 * The current language and a switch for it. The language is one of the preferences: the
 * preferences provider applies it (i18next, `<html lang dir>`, Mantine's direction) and remembers it.
 */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { preferences, setPreference } = usePreferences();
  const setLanguage = useCallback((language: Language) => setPreference('language', language), [setPreference]);
  return { language: preferences.language, setLanguage };
}
