import { localDate } from '../../session/calendar-date';

/**
 * Mantine's calendar labels written as Intl writes the app's other dates (formatLongDate), so a
 * calendar beside a date shows the same month names and digits (Arabic-Indic ones in Arabic).
 */
export function dateLabels(language: string) {
  const format = (options: Intl.DateTimeFormatOptions) => {
    const intl = new Intl.DateTimeFormat(language, options);
    return (date: string) => intl.format(localDate(date));
  };
  const year = format({ year: 'numeric' });
  const number = new Intl.NumberFormat(language, { useGrouping: false });
  return {
    monthLabelFormat: format({ month: 'long', year: 'numeric' }),
    weekdayFormat: format({ weekday: 'narrow' }),
    monthsListFormat: format({ month: 'short' }),
    yearLabelFormat: year,
    yearsListFormat: year,
    decadeLabelFormat: (start: string, end: string) => `${year(start)} – ${year(end)}`,
    /** The day of the month alone, in the language's digits. */
    dayNumber: (date: string) => number.format(Number(date.slice(8, 10))),
  };
}
