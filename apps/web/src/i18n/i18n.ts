import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, isLanguage, LANGUAGES, type Language } from './language';
import { firstMessages, laterMessages, type FirstMessages, type LaterMessages } from './resources';

const loading = new Map<string, Promise<void>>();

let initialised!: () => void;
/**
 * Settles once initI18n has given i18next its store: strings that arrive before (main.tsx starts the
 * screens' download beside the first strings) are added after it, as init starts a new store.
 */
const ready = new Promise<void>((resolve) => (initialised = resolve));

function addMessages(language: Language, messages: FirstMessages | LaterMessages): void {
  for (const [namespace, bundle] of Object.entries(messages)) i18next.addResourceBundle(language, namespace, bundle, true, true);
}

/** Download one half of a language's strings once (a failed download, offline, may be tried again). */
function loadOnce(language: Language, half: 'first' | 'later'): Promise<void> {
  const key = `${language}:${half}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = Promise.all([(half === 'first' ? firstMessages : laterMessages)[language](), ready]).then(([messages]) =>
      addMessages(language, messages),
    );
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Set once a screen past the shell asked for its namespaces: a language switch then loads them too. */
let laterWanted = false;

/**
 * The namespaces of the first screen onwards: fetched by lazy-page.tsx beside each screen's code
 * (in the language shown), and by i18next itself for any component that asks for one before that
 * (react-i18next then suspends it until they are here).
 */
export function loadLaterMessages(language: string = i18next.language): Promise<void> {
  laterWanted = true;
  return isLanguage(language) ? loadOnce(language, 'later') : Promise.resolve();
}

const laterBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    loadLaterMessages(language).then(
      () => callback(null, i18next.getResourceBundle(language, namespace) as object),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguageLoaded(language: Language): boolean {
  return i18next.hasResourceBundle(language, 'common') && (!laterWanted || i18next.hasResourceBundle(language, 'screens'));
}

/**
 * Makes a language's strings available (the first namespaces, and the screens' once a screen has
 * asked for them), so that switching to it shows them at once: callers wait for this before they
 * apply the language.
 */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadOnce(language, 'first'), ...(laterWanted ? [loadOnce(language, 'later')] : [])]);
}

/**
 * One i18next instance, started with the active language's first namespaces only (issue 16: the
 * other languages and the screens' namespaces are not part of the first load). main.tsx waits for
 * this before the first render, so that render is already in the right language (no flash of
 * English, no loader). Later changes of language come from the preferences provider, which loads
 * the language before it applies it.
 */
export async function initI18n(language: Language) {
  applyDocumentLanguage(language);
  const messages = await firstMessages[language]();
  loading.set(`${language}:first`, Promise.resolve());
  const initialising = i18next.use(laterBackend).use(initReactI18next).init({
    resources: { [language]: messages },
    // The rest arrives through loadLanguage, loadLaterMessages and the backend above.
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
  // init has made its store (synchronously); it may itself wait for strings through the backend
  // (the fallback language's), so those must not wait for init to finish.
  initialised();
  await initialising;
  return i18next;
}
