import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago an instant was, short, in the reader's language ("2 hr. ago", "قبل ساعتين"): the
 * largest whole unit up to weeks, so a list can be scanned for who has gone quiet.
 */
export function useRelativeTime(): (at: string, now?: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
    return (at: string, now = Date.now()) => {
      const ago = Math.max(0, now - Date.parse(at));
      if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
      if (ago < DAY) return format.format(-Math.floor(ago / HOUR), 'hour');
      if (ago < 14 * DAY) return format.format(-Math.floor(ago / DAY), 'day');
      if (ago < 60 * DAY) return format.format(-Math.floor(ago / (7 * DAY)), 'week');
      return format.format(-Math.floor(ago / (30 * DAY)), 'month');
    };
  }, [language]);
}
