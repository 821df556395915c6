import { useSearchParams } from 'react-router-dom';

export const PERIOD_PRESETS = [7, 30, 90] as const;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Today on this device's calendar, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export type PeriodChoice = { kind: 'preset'; days: number } | { kind: 'custom'; from: string; to: string };

/**
 * The analytics period lives in the address (`?days=30`, or `?from=&to=`), so a period can be shared
 * and the way back returns to it. Without one: the last 30 days.
 */
export function useAnalyticsPeriod(now = new Date()) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const days = Number(params.get('days'));
  const choice: PeriodChoice =
    DATE_SHAPE.test(from) && DATE_SHAPE.test(to)
      ? { kind: 'custom', from, to }
      : { kind: 'preset', days: (PERIOD_PRESETS as readonly number[]).includes(days) ? days : 30 };
  const today = localToday(now);
  const period =
    choice.kind === 'custom'
      ? { from: choice.from, to: choice.to }
      : { from: addDays(today, -(choice.days - 1)), to: today };

  const choose = (next: PeriodChoice) =>
    setParams(next.kind === 'custom' ? { from: next.from, to: next.to } : { days: String(next.days) }, {
      replace: true,
    });

  return { choice, period, choose, today };
}
