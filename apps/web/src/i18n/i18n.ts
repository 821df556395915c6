import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, type Language } from './language';
import { namespaces, resources } from './resources';

/**
 * One i18next instance with every locale bundled: a few small JSON files cost less than a request
 * each, and the first render is already in the right language (no flash, no loader). Later changes
 * of language come from the preferences provider.
 */
export function initI18n(language: Language) {
  applyDocumentLanguage(language);
  void i18next.use(initReactI18next).init({
    resources,
    ns: namespaces,
    defaultNS: 'common',
    lng: language,
    fallbackLng: 'en-US',
    supportedLngs: Object.keys(resources),
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes what it renders.
    // A key missing from the source locale fails loudly in development, as conventions.md asks;
    // in production the key's fallback text is shown rather than breaking the page.
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (_lngs, _ns, key) => {
      throw new Error(`Missing translation key: ${key}`);
    },
  });
  return i18next;
}
