import { REQUIRED } from '@opencare/schemas/rules';

/** The problems a settings field can have, by key in the system namespace's `validation`. */
export type SettingsMessage =
  | {
      key:
        | 'required'
        | 'wholeNumber'
        | 'choose'
        | 'email'
        | 'time'
        | 'timezone'
        | 'logoType'
        | 'logoSize'
        | 'mrn'
        | 'workingDays'
        | 'workdayEnd';
    }
  | { key: 'atLeast'; min: number }
  | { key: 'atMost'; max: number }
  | { key: 'tooLong'; max: number };

/**
 * The settings schemas word their messages in en-US and the server sends the same words in a 400's
 * field errors, so one table serves both; settings-message.test.ts checks it against the schemas.
 */
const EXACT: Record<string, SettingsMessage['key']> = {
  [REQUIRED]: 'required',
  'Enter a valid e-mail address.': 'email',
  'Enter a time as HH:MM (24-hour).': 'time',
  'Choose a valid time zone.': 'timezone',
  'Upload a PNG, JPEG, WebP or SVG image.': 'logoType',
  'The logo must be 100 KB or smaller.': 'logoSize',
  'Use 1 to 10 capital letters, digits or hyphens.': 'mrn',
  'Choose at least one working day.': 'workingDays',
  'The working day must end after it starts.': 'workdayEnd',
};

/** The key of a settings message, or null for one this client has no translation of. */
export function settingsMessageOf(message: string): SettingsMessage | null {
  const exact = EXACT[message];
  if (exact) return { key: exact } as SettingsMessage;
  // zod's own words for a number out of range, a blank field, a fraction and an unknown choice.
  const atLeast = /^Too small: expected number to be >=?(-?\d+)/.exec(message);
  if (atLeast) return { key: 'atLeast', min: Number(atLeast[1]) };
  const atMost = /^Too big: expected number to be <=?(-?\d+)/.exec(message);
  if (atMost) return { key: 'atMost', max: Number(atMost[1]) };
  const tooLong = /must be at most (\d+) characters\.$/.exec(message);
  if (tooLong) return { key: 'tooLong', max: Number(tooLong[1]) };
  if (/received (null|undefined)$/.test(message)) return { key: 'required' };
  if (/expected (number|int)/.test(message)) return { key: 'wholeNumber' };
  if (/^Invalid (option|input)/.test(message)) return { key: 'choose' };
  return null;
}
