import type { Language } from '@opencare/schemas/preferences';
import arCommon from './locales/ar/common.json';
import arSettings from './locales/ar/settings.json';
import arSignup from './locales/ar/signup.json';
import enCommon from './locales/en-US/common.json';
import enSettings from './locales/en-US/settings.json';
import enSignup from './locales/en-US/signup.json';
import esCommon from './locales/es/common.json';
import esSettings from './locales/es/settings.json';
import esSignup from './locales/es/signup.json';

/**
 * One namespace per feature, so features keep their strings apart. en-US is the source locale: its
 * shape is the type of every other locale and of every key.
 */
const source = { common: enCommon, signup: enSignup, settings: enSettings };
export type Messages = typeof source;
export type Namespace = keyof Messages;

// Annotating the other locales with the source's type makes a missing key a compile error too;
// locales.test.ts says which key is missing.
const spanish: Messages = { common: esCommon, signup: esSignup, settings: esSettings };
const arabic: Messages = { common: arCommon, signup: arSignup, settings: arSettings };

export const resources = { 'en-US': source, es: spanish, ar: arabic } as const satisfies Record<Language, Messages>;
export const namespaces = Object.keys(source) as Namespace[];
