import type { Language } from '@opencare/schemas/preferences';
import type { Messages } from './messages-en-us';

export type { Messages };
export type Namespace = keyof Messages;

/**
 * Each language's strings are a chunk of their own, loaded when that language is used (issue 16):
 * the first load carries only the active language's. The type of each is the source locale's.
 */
export const messageLoaders: Record<Language, () => Promise<Messages>> = {
  'en-US': () => import('./messages-en-us').then((module) => module.messages),
  es: () => import('./messages-es').then((module) => module.messages),
  ar: () => import('./messages-ar').then((module) => module.messages),
};
