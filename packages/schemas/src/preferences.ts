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

const preferenceFields = {
  theme: z.enum(THEMES),
  textSize: z.enum(TEXT_SIZES),
  language: languageSchema,
  dateFormat: z.literal(DATE_FORMAT),
  timeFormat: z.literal(TIME_FORMAT),
  temperatureUnit: z.enum(['F', 'C']),
  weightUnit: z.enum(['lb', 'kg']),
  cameraId: z.string().max(512),
  microphoneId: z.string().max(512),
  speakerId: z.string().max(512),
  overdueTime: z.number().int().min(1).max(24 * 60),
  callEngine: callEngineSchema,
};

/** A change to some preferences: only the fields given, no defaults filled in. */
export const preferencesPatchSchema = z.strictObject(preferenceFields).partial();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

type DeviceChoice = 'cameraId' | 'microphoneId' | 'speakerId';
type AllPreferences = Required<PreferencesPatch>;
/** Every preference has a value, but for the devices a person has not chosen yet. */
export type Preferences = Omit<AllPreferences, DeviceChoice> & Partial<Pick<AllPreferences, DeviceChoice>>;

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

/** Stored preferences read back: whatever is missing takes its default. */
export const preferencesSchema = preferencesPatchSchema.transform((given) => ({ ...DEFAULT_PREFERENCES, ...given }));
