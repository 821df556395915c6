import { z } from 'zod';
import { DATE_FORMAT, TIME_FORMAT } from './constants';
import { CALL_ENGINES, DEFAULT_PREFERENCES, LANGUAGES, TEXT_SIZES, THEMES } from './default-preferences';

export * from './default-preferences';

export const languageSchema = z.enum(LANGUAGES);
export const callEngineSchema = z.enum(CALL_ENGINES);

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

/** Stored preferences read back: whatever is missing takes its default. */
export const preferencesSchema = preferencesPatchSchema.transform((given) => ({ ...DEFAULT_PREFERENCES, ...given }));
