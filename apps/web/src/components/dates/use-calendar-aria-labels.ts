import { useTranslation } from 'react-i18next';

/** The names of a calendar's previous and next buttons, at each of its levels. */
export function useCalendarAriaLabels() {
  const { t } = useTranslation();
  return {
    previousMonth: t('common.calendar.previousMonth'),
    nextMonth: t('common.calendar.nextMonth'),
    previousYear: t('common.calendar.previousYear'),
    nextYear: t('common.calendar.nextYear'),
    previousDecade: t('common.calendar.previousDecade'),
    nextDecade: t('common.calendar.nextDecade'),
  };
}
