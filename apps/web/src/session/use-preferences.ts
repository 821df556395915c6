import { use } from 'react';
import { PreferencesContext, type PreferencesContextValue } from './preferences-context';

/** The user preferences (theme, text size, language, call engine, units, devices) and their setter. */
export function usePreferences(): PreferencesContextValue {
  const value = use(PreferencesContext);
  if (!value) throw new Error('usePreferences must be used inside <PreferencesProvider>.');
  return value;
}
