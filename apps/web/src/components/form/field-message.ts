import { ERRORS } from '@opencare/schemas/errors';
import { MINIMUM_AGE_RULE, PASSWORD_RULE, REQUIRED } from '@opencare/schemas/constants';
import { ROLE_ACCOUNT_TYPE_MISMATCH } from '@opencare/schemas/role-table';

/** The validation messages this client translates, by key in the fields namespace's `validation`. */
export type ValidationKey =
  | 'required'
  | 'passwordShort'
  | 'passwordRule'
  | 'usernameShort'
  | 'usernameLong'
  | 'usernameChars'
  | 'usernameTaken'
  | 'email'
  | 'phone'
  | 'dateFormat'
  | 'dateExists'
  | 'minimumAge'
  | 'terms'
  | 'passwordMismatch'
  | 'emailMismatch'
  | 'phoneMismatch'
  | 'roleAccountType'
  | 'tooLong';

/**
 * The schemas in @opencare/schemas word their messages in en-US, and the server sends the same words
 * in a 400's field errors. This table turns those words back into keys so each language can say them;
 * field-message.test.ts checks that the en-US translations still equal the schemas' words.
 */
const EXACT: Record<string, Exclude<ValidationKey, 'tooLong'>> = {
  [REQUIRED]: 'required',
  [PASSWORD_RULE]: 'passwordRule',
  [MINIMUM_AGE_RULE]: 'minimumAge',
  'Password must be at least 8 characters.': 'passwordShort',
  'Username must be at least 3 characters.': 'usernameShort',
  'Username must be at most 32 characters.': 'usernameLong',
  'Username may contain only letters and numbers.': 'usernameChars',
  [ERRORS.usernameNotAvailable.message]: 'usernameTaken',
  'Enter a valid e-mail address.': 'email',
  'Enter a valid phone number.': 'phone',
  'Enter a date as YYYY-MM-DD.': 'dateFormat',
  'Enter a date that exists.': 'dateExists',
  'Please accept the terms and conditions.': 'terms',
  'Password fields must match.': 'passwordMismatch',
  'E-mail fields must match.': 'emailMismatch',
  'Phone number fields must match.': 'phoneMismatch',
  [ROLE_ACCOUNT_TYPE_MISMATCH]: 'roleAccountType',
};

const TOO_LONG = /^(.+) must be at most (\d+) characters\.$/;

/** The fields a length message may name (the `label` of rules.ts's text() and optionalText()). */
const FIELD_NAMES = {
  'First name': 'firstName',
  'Middle name': 'middleName',
  'Last name': 'lastName',
  'Preferred name': 'preferredName',
  Address: 'address',
  Country: 'country',
  'Time zone': 'timezone',
  'Invitation code': 'invitationCode',
} as const;
export type FieldName = (typeof FIELD_NAMES)[keyof typeof FIELD_NAMES];

function fieldNameOf(label: string): FieldName | undefined {
  return Object.hasOwn(FIELD_NAMES, label) ? FIELD_NAMES[label as keyof typeof FIELD_NAMES] : undefined;
}
// zod's own wording when a choice (gender, account type) was left empty: in a form of selects and
// radios that only happens when nothing was chosen, which the spec words as "required".
const NOTHING_CHOSEN = /^Invalid (option|input)/;

export type ValidationMessage =
  { key: Exclude<ValidationKey, 'tooLong'> } | { key: 'tooLong'; field: FieldName; max: number };

/** The key of a schema message, or null for a message this client has no translation of. */
export function validationMessageOf(message: string): ValidationMessage | null {
  const exact = EXACT[message];
  if (exact) return { key: exact };
  const tooLong = TOO_LONG.exec(message);
  const field = tooLong?.[1] === undefined ? undefined : fieldNameOf(tooLong[1]);
  if (tooLong && field) return { key: 'tooLong', field, max: Number(tooLong[2]) };
  if (NOTHING_CHOSEN.test(message)) return { key: 'required' };
  return null;
}
