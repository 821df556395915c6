/**
 * "08:00" as the spec's 12-hour form in the reader's language: "08:00 AM". A file of its own: the
 * patient's home shows task times and must not pull in the readings' formats (and zod with them).
 */
export function twelveHour(time: string, language: string): string {
  const [h, m] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)),
  );
}
