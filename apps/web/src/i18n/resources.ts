import type { Language } from '@opencare/schemas/preferences';
import type { messages as firstEnglish } from './messages-en-us';
import type { messages as laterEnglish } from './messages-en-us-later';

/** The namespaces of the first load (the shell and the sign-in page), as the source locale has them. */
export type FirstMessages = typeof firstEnglish;
/** The other namespaces, each fetched when a screen first shows it (components/layouts/lazy-page.tsx, i18n.ts). */
export type LaterMessages = typeof laterEnglish;
/** Every namespace: the type of every locale and of every key. */
export type Messages = FirstMessages & LaterMessages;
export type Namespace = keyof Messages;

/** A language's first strings, and the way to its later ones (messages-<language>.ts). */
interface LanguageModule {
  messages: FirstMessages;
  laterFiles: Record<string, () => Promise<object>>;
}

/**
 * Each language's strings are chunks of their own, loaded when that language is used (issue 16):
 * the first load carries only the active language's first namespaces.
 */
const languageModules: Record<Language, () => Promise<LanguageModule>> = {
  'en-US': () => import('./messages-en-us'),
  es: () => import('./messages-es'),
  ar: () => import('./messages-ar'),
};
export const firstMessages = (language: Language): Promise<FirstMessages> => languageModules[language]().then((module) => module.messages);

export type LaterNamespace = keyof LaterMessages;

/** Each later namespace's file in locales/<language>/ (a Record: a namespace added without its file fails to compile). */
const LATER_FILES: Record<LaterNamespace, string> = {
  screens: 'screens',
  info: 'info',
  signup: 'signup',
  userManagement: 'user-management',
  devices: 'devices',
  measurements: 'measurements',
  appointments: 'appointments',
  patients: 'patients',
  apiKeys: 'api-keys',
  integrations: 'integrations',
  smartAuthorize: 'smart-authorize',
  gateways: 'gateways',
  visits: 'visits',
};
export const LATER_NAMESPACES = Object.keys(LATER_FILES) as LaterNamespace[];
export const isLaterNamespace = (name: string): name is LaterNamespace => Object.hasOwn(LATER_FILES, name);

/**
 * The later namespaces are a chunk each, per language: a screen fetches only the namespaces it
 * shows (home about a third of them). The map of those chunks comes with the language's first
 * strings; the messages-*-later.ts modules type-check each locale's files against the source's shape.
 */
export async function laterMessages<N extends LaterNamespace>(language: Language, namespace: N): Promise<LaterMessages[N]> {
  const { laterFiles } = await languageModules[language]();
  const load = laterFiles[`./locales/${language}/${LATER_FILES[namespace]}.json`];
  if (!load) throw new Error(`No ${language} strings for ${namespace}`);
  return (await load()) as LaterMessages[N];
}
