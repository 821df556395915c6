import { useDirection } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, isLanguage, type Language } from './language';

/** The current language and a switch that also turns the layout (Mantine's direction) around. */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const setLanguage = useCallback(
    (language: Language) => {
      // i18n.ts's languageChanged listener sets <html lang dir> and remembers the choice.
      void i18n.changeLanguage(language);
      setDirection(directionOf(language));
    },
    [i18n, setDirection],
  );
  const current = i18n.resolvedLanguage;
  return { language: isLanguage(current) ? current : 'en-US', setLanguage };
}
