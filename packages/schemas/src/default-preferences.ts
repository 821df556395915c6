import { DATE_FORMAT, DEFAULT_OVERDUE_MINUTES, TIME_FORMAT } from './constants';
import type { PreferencesPatch } from './preferences';

/*
 * The preferences' values and defaults, without zod: the web client's first load reads them (the
 * language to start in, the defaults of a device with nothing stored), and zod stays out of that
 * load (issue 16). preferences.ts builds the schemas from them and re-exports them.
 */

export const LANGUAGES = ['en-US', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const TEXT_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export const THEMES = ['auto', 'light', 'dark'] as const;
export const CALL_ENGINES = ['simple-peer', 'livekit'] as const;
export type CallEngine = (typeof CALL_ENGINES)[number];

/** User preferences of spec §3, kept locally by the client, with their defaults. */
export const DEFAULT_PREFERENCES = {
  theme: 'auto',
  textSize: 'md',
  language: DEFAULT_LANGUAGE,
  dateFormat: DATE_FORMAT,
  timeFormat: TIME_FORMAT,
  temperatureUnit: 'F',
  weightUnit: 'lb',
  overdueTime: DEFAULT_OVERDUE_MINUTES,
  callEngine: 'livekit',
} as const satisfies PreferencesPatch;
