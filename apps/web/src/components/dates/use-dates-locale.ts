import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../i18n/language';

/** dayjs's name for each of the app's languages (English is built into dayjs). */
const DAYJS_LOCALE = { 'en-US': 'en', es: 'es', ar: 'ar' } as const satisfies Record<Language, string>;

/**
 * Only the active language's month and day names are downloaded: each is its own chunk, fetched
 * the first time a calendar or date field shows in that language. They register themselves with
 * dayjs, the instance @mantine/dates formats with.
 */
const LOADERS: Record<string, () => Promise<unknown>> = {
  es: () => import('dayjs/locale/es'),
  ar: () => import('dayjs/locale/ar'),
};
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>(['en']);

function load(locale: string): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = (LOADERS[locale]?.() ?? Promise.resolve()).then(() => void loaded.add(locale));
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** The dayjs locale of the language shown; waits (Suspense) the first time a language needs its names. */
export function useDatesLocale(): string {
  const { i18n } = useTranslation();
  const locale = DAYJS_LOCALE[isLanguage(i18n.language) ? i18n.language : 'en-US'];
  if (!loaded.has(locale)) use(load(locale));
  return locale;
}
