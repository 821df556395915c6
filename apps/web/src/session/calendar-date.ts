/** A calendar date as YYYY-MM-DD in the device's time zone (spec §3, dateFormat). */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function today(): string {
  return isoDate(new Date());
}

/** A YYYY-MM-DD date as a Date at local midnight, for Intl to write. */
export function localDate(date: string, days = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days);
}

/** The date `days` after a YYYY-MM-DD date (negative for before). */
export function addDays(date: string, days: number): string {
  return isoDate(localDate(date, days));
}

/** A month as YYYY-MM. */
export type YearMonth = string;

export const monthOf = (date: string): YearMonth => date.slice(0, 7);

export function firstDayOf(month: YearMonth): string {
  return `${month}-01`;
}

export function lastDayOf(month: YearMonth): string {
  const [y, m] = month.split('-').map(Number);
  return isoDate(new Date(y ?? 1970, m ?? 1, 0));
}

/** The month `n` months after (or before) a month, across years. */
export function addMonths(month: YearMonth, n: number): YearMonth {
  return monthOf(isoDate(new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1)));
}

/** A YYYY-MM-DD date as the reader's language writes it, with the weekday. */
// One formatter per language: making one is slow, and a calendar labels 42 days per render.
const longDateFormats = new Map<string, Intl.DateTimeFormat>();
export function formatLongDate(date: string, language: string): string {
  let format = longDateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
    longDateFormats.set(language, format);
  }
  return format.format(localDate(date));
}
