const pad = (n: number) => String(n).padStart(2, '0');

/** Elapsed time as HH:MM:SS (hours keep counting past 99); before the start it reads 00:00:00. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`;
}

/** The in-progress timer's text at `now`, counting from the visit's start (spec §4, Visit). */
export function visitTimerText(startedAt: string | null, now: number): string {
  return startedAt ? formatElapsed(now - Date.parse(startedAt)) : formatElapsed(0);
}

/** Milliseconds until the end warning is due (`minutes` before `endsAt`); ≤ 0 once it is. */
export function msUntilEndWarning(endsAt: string, minutes: number, now: number): number {
  return Date.parse(endsAt) - minutes * 60_000 - now;
}
