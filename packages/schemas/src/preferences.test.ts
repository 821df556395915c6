import { describe, expect, it } from 'vitest';
import {
  CALL_ENGINES,
  DEFAULT_LANGUAGE,
  DEFAULT_PREFERENCES,
  LANGUAGES,
  RTL_LANGUAGES,
  TEXT_SIZES,
  THEMES,
  callEngineSchema,
  languageSchema,
  preferencesPatchSchema,
  preferencesSchema,
} from './preferences';

describe('preferences defaults (spec §3, §9)', () => {
  it('fills every default from an empty object', () => {
    expect(preferencesSchema.parse({})).toEqual({
      theme: 'auto',
      textSize: 'md',
      language: 'en-US',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: 'hh:mm:ss a',
      temperatureUnit: 'F',
      weightUnit: 'lb',
      overdueTime: 10,
      callEngine: 'livekit',
    });
  });

  it('exports the same defaults as DEFAULT_PREFERENCES', () => {
    expect(DEFAULT_PREFERENCES).toEqual(preferencesSchema.parse({}));
    expect(DEFAULT_LANGUAGE).toBe('en-US');
  });

  it('keeps the chosen values and fills only the missing ones', () => {
    expect(preferencesSchema.parse({ theme: 'dark', textSize: 'xl', temperatureUnit: 'C' })).toMatchObject({
      theme: 'dark',
      textSize: 'xl',
      temperatureUnit: 'C',
      weightUnit: 'lb',
      language: 'en-US',
    });
  });
});

describe('preferences values', () => {
  it('offers the spec’s themes, text sizes, languages and call engines', () => {
    expect(THEMES).toEqual(['auto', 'light', 'dark']);
    expect(TEXT_SIZES).toEqual(['sm', 'md', 'lg', 'xl']);
    expect(LANGUAGES).toEqual(['en-US', 'es', 'ar']);
    expect(CALL_ENGINES).toEqual(['simple-peer', 'livekit']);
    expect(RTL_LANGUAGES).toEqual(['ar']);
  });

  it.each([
    ['theme', 'blue'],
    ['textSize', 'xxl'],
    ['language', 'fr'],
    ['language', 'en'],
    ['temperatureUnit', 'K'],
    ['weightUnit', 'st'],
    ['callEngine', 'zoom'],
    ['dateFormat', 'DD/MM/YYYY'],
    ['timeFormat', 'HH:mm'],
  ])('rejects %s = %j', (field, value) => {
    expect(preferencesSchema.safeParse({ [field]: value }).success).toBe(false);
  });

  it('bounds overdueTime to whole minutes from 1 to a day', () => {
    expect(preferencesSchema.parse({ overdueTime: 1 }).overdueTime).toBe(1);
    expect(preferencesSchema.parse({ overdueTime: 1440 }).overdueTime).toBe(1440);
    expect(preferencesSchema.safeParse({ overdueTime: 0 }).success).toBe(false);
    expect(preferencesSchema.safeParse({ overdueTime: 1441 }).success).toBe(false);
    expect(preferencesSchema.safeParse({ overdueTime: 2.5 }).success).toBe(false);
    expect(preferencesSchema.safeParse({ overdueTime: '10' }).success).toBe(false);
  });

  it('keeps device ids the user chose, up to 512 characters', () => {
    const prefs = preferencesSchema.parse({ cameraId: 'cam-1', microphoneId: 'mic-1', speakerId: 'spk-1' });
    expect(prefs).toMatchObject({ cameraId: 'cam-1', microphoneId: 'mic-1', speakerId: 'spk-1' });
    expect(preferencesSchema.safeParse({ cameraId: 'x'.repeat(512) }).success).toBe(true);
    expect(preferencesSchema.safeParse({ cameraId: 'x'.repeat(513) }).success).toBe(false);
  });

  it('rejects unknown fields (strict)', () => {
    expect(preferencesSchema.safeParse({ fontFamily: 'Comic Sans' }).success).toBe(false);
  });

  it('language and call engine schemas accept their values only', () => {
    expect(languageSchema.parse('ar')).toBe('ar');
    expect(languageSchema.safeParse('EN-us').success).toBe(false);
    expect(callEngineSchema.parse('simple-peer')).toBe('simple-peer');
    expect(callEngineSchema.safeParse('LiveKit').success).toBe(false);
  });
});

describe('preferencesPatchSchema (a change to some preferences)', () => {
  it('keeps only the fields given: a patch never resets the others to their defaults', () => {
    expect(preferencesPatchSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(preferencesPatchSchema.parse({})).toEqual({});
  });

  it('checks each given field like the full preferences', () => {
    expect(preferencesPatchSchema.safeParse({ textSize: 'xxl' }).success).toBe(false);
    expect(preferencesPatchSchema.safeParse({ overdueTime: 0 }).success).toBe(false);
    expect(preferencesPatchSchema.safeParse({ callEngine: 'simple-peer' }).success).toBe(true);
  });

  it('rejects unknown fields (strict)', () => {
    expect(preferencesPatchSchema.safeParse({ theme: 'dark', fontFamily: 'serif' }).success).toBe(false);
  });

  it('applied over the defaults, gives full preferences', () => {
    expect(preferencesSchema.parse(preferencesPatchSchema.parse({ weightUnit: 'kg' }))).toEqual({
      ...DEFAULT_PREFERENCES,
      weightUnit: 'kg',
    });
  });
});
