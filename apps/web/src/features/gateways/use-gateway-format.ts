import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates and numbers as the reader's language writes them. */
export function useGatewayFormat() {
  const { i18n } = useTranslation('gateways');
  const language = i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const oneDecimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      distance: (metres: number) => oneDecimal.format(metres),
      whole: (value: number) => whole.format(value),
    };
  }, [language]);
}
