import type { Language } from '@opencare/schemas/preferences';
import type { messages as firstEnglish } from './messages-en-us';
import type { messages as laterEnglish } from './messages-en-us-later';

/** The namespaces of the first load (the shell and the sign-in page), as the source locale has them. */
export type FirstMessages = typeof firstEnglish;
/** The other namespaces, fetched with the first screen (components/layouts/lazy-page.tsx). */
export type LaterMessages = typeof laterEnglish;
/** Every namespace: the type of every locale and of every key. */
export type Messages = FirstMessages & LaterMessages;
export type Namespace = keyof Messages;

/**
 * Each language's strings are chunks of their own, loaded when that language is used (issue 16):
 * the first load carries only the active language's first namespaces.
 */
export const firstMessages: Record<Language, () => Promise<FirstMessages>> = {
  'en-US': () => import('./messages-en-us').then((module) => module.messages),
  es: () => import('./messages-es').then((module) => module.messages),
  ar: () => import('./messages-ar').then((module) => module.messages),
};
export const laterMessages: Record<Language, () => Promise<LaterMessages>> = {
  'en-US': () => import('./messages-en-us-later').then((module) => module.messages),
  es: () => import('./messages-es-later').then((module) => module.messages),
  ar: () => import('./messages-ar-later').then((module) => module.messages),
};
