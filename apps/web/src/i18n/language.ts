import { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES, type Language } from '@opencare/schemas/preferences';

export type Direction = 'ltr' | 'rtl';

const STORAGE_KEY = 'opencare.language';

export { LANGUAGES, type Language };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): Direction {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** The language chosen on this device; the spec's default (en-US) until one is chosen. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private modes, strict cookie settings): the default still works.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, but the switch still applies to this page.
  }
}

/** The document carries the language and direction so the browser, screen readers and CSS agree. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
