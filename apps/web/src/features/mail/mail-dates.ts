import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** When a message was written, as the reader's language writes dates and times. */
export function useMailDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);
}
