/** The demo clinic's time zone: its patients' profiles, and the browser (playwright.config.ts). */
export const CLINIC_ZONE = 'America/New_York';

/** The demo clinic's wall-clock date and time, now or some minutes from now. */
export function nowInNewYork(minutesFromNow = 0): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: CLINIC_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(Date.now() + minutesFromNow * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}
