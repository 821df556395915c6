import type { Language } from '@opencare/schemas/preferences';
import ar from './locales/ar.json';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** en-US is the source locale: its shape is the type of every other locale and of every key. */
export type Messages = typeof enUS;

// Annotating the other locales with the source's type makes a missing key a compile error too;
// locales.test.ts says which key is missing.
const spanish: Messages = es;
const arabic: Messages = ar;

export const resources = {
  'en-US': { translation: enUS },
  es: { translation: spanish },
  ar: { translation: arabic },
} as const satisfies Record<Language, { translation: Messages }>;
