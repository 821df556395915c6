import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';
import type { Language, Preferences } from '@opencare/schemas/preferences';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '../api/error-reporter';
import { isLanguageLoaded, loadLanguage } from '../i18n/i18n';
import { applyDocumentLanguage, directionOf } from '../i18n/language';
import { createAppTheme, cssVariablesResolver } from '../theme';
import { PreferencesContext, type PreferencesContextValue } from './preferences-context';
import { hasStoredPreferences, loadPreferences, savePreferences } from './preferences-store';
import { usePreferences } from './use-preferences';

interface PreferencesProviderProps {
  children: ReactNode;
  /** The preferences to start from; those stored on this device by default. */
  initial?: Preferences;
}

/**
 * Holds the preferences and applies them app-wide: the language (i18next, `<html lang dir>`,
 * Mantine's direction), the colour scheme (auto follows the system) and the text size.
 */
export function PreferencesProvider({ children, initial }: PreferencesProviderProps) {
  const [preferences, setPreferences] = useState<Preferences>(() => initial ?? loadPreferences());

  const setPreference = useCallback<PreferencesContextValue['setPreference']>((key, value) => {
    setPreferences((current) => {
      if (current[key] === value) return current;
      const next = { ...current, [key]: value };
      savePreferences(next);
      return next;
    });
  }, []);

  // Applied, not saved: a later change of the organisation's default still reaches this device.
  const adoptDefaultLanguage = useCallback((language: Language) => {
    if (hasStoredPreferences()) return;
    setPreferences((current) => (current.language === language ? current : { ...current, language }));
  }, []);

  const value = useMemo(
    () => ({ preferences, setPreference, adoptDefaultLanguage }),
    [preferences, setPreference, adoptDefaultLanguage],
  );
  return (
    <PreferencesContext value={value}>
      <DirectionProvider initialDirection={directionOf(preferences.language)} detectDirection={false}>
        <AppliedPreferences>{children}</AppliedPreferences>
      </DirectionProvider>
    </PreferencesContext>
  );
}

function AppliedPreferences({ children }: { children: ReactNode }) {
  const { preferences } = usePreferences();
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const systemScheme = useColorScheme('light', { getInitialValueInEffect: false });
  const { textSize, theme } = preferences;
  // The language shown: a newly chosen one once its strings are here (at once when they already
  // are, else when its chunk has arrived), so the page never shows the new direction with the old
  // words, or keys without words.
  const wanted = preferences.language;
  const [shown, setShown] = useState(wanted);
  const language = isLanguageLoaded(wanted) ? wanted : shown;

  useEffect(() => {
    let current = true;
    loadLanguage(wanted).then(
      () => {
        if (current) setShown(wanted);
      },
      (error: unknown) => {
        void reportClientError({ key: 'languageError', error, info: `language ${wanted}` });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  // Before paint, so a language switch never shows one frame in the old direction.
  useLayoutEffect(() => {
    applyDocumentLanguage(language);
    setDirection(directionOf(language));
    if (i18n.language !== language) {
      i18n.changeLanguage(language).catch((error: unknown) => {
        void reportClientError({ key: 'languageError', error, info: `language ${language}` });
      });
    }
  }, [language, i18n, setDirection]);

  const closeLabel = i18n.t('common.close', { lng: language });
  const mantineTheme = useMemo(() => createAppTheme(textSize, closeLabel), [textSize, closeLabel]);
  const colorScheme = theme === 'auto' ? systemScheme : theme;
  return (
    <MantineProvider theme={mantineTheme} forceColorScheme={colorScheme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
