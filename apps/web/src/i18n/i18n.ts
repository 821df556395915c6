import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, isLanguage, LANGUAGES, type Language } from './language';
import { firstMessages, isLaterNamespace, LATER_NAMESPACES, laterMessages, type LaterNamespace } from './resources';

const loading = new Map<string, Promise<void>>();

let initialised!: () => void;
/**
 * Settles once initI18n has given i18next its store: strings that arrive before (main.tsx starts the
 * screens' download beside the first strings) are added after it, as init starts a new store.
 */
const ready = new Promise<void>((resolve) => (initialised = resolve));

/** Download something once (a failed download, offline, may be tried again). */
function loadOnce(key: string, load: () => Promise<void>): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load();
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

function loadFirst(language: Language): Promise<void> {
  return loadOnce(`${language}:first`, () =>
    Promise.all([firstMessages(language), ready]).then(([messages]) => {
      for (const [namespace, bundle] of Object.entries(messages)) i18next.addResourceBundle(language, namespace, bundle, true, true);
    }),
  );
}

function loadNamespace(language: Language, namespace: LaterNamespace): Promise<void> {
  return loadOnce(`${language}:${namespace}`, () =>
    Promise.all([laterMessages(language, namespace), ready]).then(([bundle]) => {
      i18next.addResourceBundle(language, namespace, bundle, true, true);
    }),
  );
}

/** The later namespaces asked for so far, in any language: a switch of language loads them too. */
const wanted = new Set<LaterNamespace>();

/**
 * Later namespaces, in the language shown: fetched by lazy-page.tsx beside a screen's code, and by
 * i18next itself for any component that asks for one it does not have yet (react-i18next then
 * suspends it until it is here).
 */
export function loadLaterMessages(language: string = i18next.language, namespaces: readonly LaterNamespace[] = LATER_NAMESPACES): Promise<void> {
  for (const namespace of namespaces) wanted.add(namespace);
  if (!isLanguage(language)) return Promise.resolve();
  return Promise.all(namespaces.map((namespace) => loadNamespace(language, namespace))).then(() => undefined);
}

const laterBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loaded = !isLanguage(language)
      ? Promise.resolve()
      : isLaterNamespace(namespace)
        ? loadLaterMessages(language, [namespace])
        : loadFirst(language);
    loaded.then(
      () => callback(null, i18next.getResourceBundle(language, namespace) as object),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguageLoaded(language: Language): boolean {
  return i18next.hasResourceBundle(language, 'common') && [...wanted].every((namespace) => i18next.hasResourceBundle(language, namespace));
}

/**
 * Makes a language's strings available (the first namespaces, and the later ones asked for so
 * far), so that switching to it shows them at once: callers wait for this before they apply the
 * language.
 */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadFirst(language), ...[...wanted].map((namespace) => loadNamespace(language, namespace))]);
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
  const messages = await firstMessages(language);
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
