import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, LANGUAGES, type Language } from './language';
import { messageLoaders, type Messages } from './resources';

const loading = new Map<Language, Promise<void>>();

function addMessages(language: Language, messages: Messages): void {
  for (const [namespace, bundle] of Object.entries(messages)) i18next.addResourceBundle(language, namespace, bundle, true, true);
}

export function isLanguageLoaded(language: Language): boolean {
  return i18next.hasResourceBundle(language, 'common');
}

/**
 * Makes a language's strings available (its chunk downloaded once), so that switching to it shows
 * them at once: callers wait for this before they apply the language.
 */
export function loadLanguage(language: Language): Promise<void> {
  if (isLanguageLoaded(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = messageLoaders[language]().then((messages) => addMessages(language, messages));
    // A failed download (offline) may be tried again by the next switch.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/**
 * One i18next instance, started with the active language's strings only (issue 16: the others are
 * not part of the first load). main.tsx waits for this before the first render, so that render is
 * already in the right language (no flash of English, no loader). Later changes of language come
 * from the preferences provider, which loads the language before it applies it.
 */
export async function initI18n(language: Language) {
  applyDocumentLanguage(language);
  const messages = await messageLoaders[language]();
  await i18next.use(initReactI18next).init({
    resources: { [language]: messages },
    // Other languages arrive later through loadLanguage.
    partialBundledLanguages: true,
    ns: Object.keys(messages),
    defaultNS: 'common',
    lng: language,
    fallbackLng: 'en-US',
    supportedLngs: [...LANGUAGES],
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
