import { z } from 'zod';
import { DATE_FORMAT, DEFAULT_OVERDUE_MINUTES, TIME_FORMAT } from './constants';

export const LANGUAGES = ['en-US', 'es', 'ar'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
export const DEFAULT_LANGUAGE: Language = 'en-US';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const TEXT_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export const THEMES = ['auto', 'light', 'dark'] as const;
export const CALL_ENGINES = ['simple-peer', 'livekit'] as const;
export const callEngineSchema = z.enum(CALL_ENGINES);
export type CallEngine = z.infer<typeof callEngineSchema>;

/** User preferences of spec §3, kept locally by the client, with their defaults. */
export const preferencesSchema = z.strictObject({
  theme: z.enum(THEMES).default('auto'),
  textSize: z.enum(TEXT_SIZES).default('md'),
  language: languageSchema.default(DEFAULT_LANGUAGE),
  dateFormat: z.literal(DATE_FORMAT).default(DATE_FORMAT),
  timeFormat: z.literal(TIME_FORMAT).default(TIME_FORMAT),
  temperatureUnit: z.enum(['F', 'C']).default('F'),
  weightUnit: z.enum(['lb', 'kg']).default('lb'),
  cameraId: z.string().max(512).optional(),
  microphoneId: z.string().max(512).optional(),
  speakerId: z.string().max(512).optional(),
  overdueTime: z.number().int().min(1).max(24 * 60).default(DEFAULT_OVERDUE_MINUTES),
  callEngine: callEngineSchema.default('livekit'),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});
