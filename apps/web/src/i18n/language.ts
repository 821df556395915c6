import { isLanguage, LANGUAGES, RTL_LANGUAGES, type Language } from '@opencare/schemas/default-preferences';

export type Direction = 'ltr' | 'rtl';

export { isLanguage, LANGUAGES, type Language };

export function directionOf(language: Language): Direction {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** The document carries the language and direction so the browser, screen readers and CSS agree. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
