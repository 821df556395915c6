import { WEEKDAYS, type Weekday } from '@opencare/schemas/entities/care';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Weekday names in the reader's language, from Intl (4 January 2026 was a Sunday). */
export function useWeekdayNames(): Record<Weekday, string> {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    return Object.fromEntries(
      WEEKDAYS.map((day, index) => [day, format.format(new Date(Date.UTC(2026, 0, 4 + index)))]),
    ) as Record<Weekday, string>;
  }, [language]);
}
