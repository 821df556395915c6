import { signupInputSchema } from '@opencare/schemas/entities/auth';
import { ERRORS } from '@opencare/schemas/errors';
import { describe, expect, it } from 'vitest';
import enFields from '../../i18n/locales/en-US/fields.json';
import { validationMessageOf } from './field-message';
import { retypeIssues } from './form-errors';

const fields = signupInputSchema.shape;
const firstMessage = (result: { error?: { issues: readonly { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? '';

/** A message the schemas give for a known mistake. */
const schemaMessages = {
  required: firstMessage(fields.firstName.safeParse(undefined)),
  passwordShort: firstMessage(fields.password.safeParse('Ab1!')),
  passwordRule: firstMessage(fields.password.safeParse('abcdefgh')),
  usernameShort: firstMessage(fields.username.safeParse('ab')),
  usernameLong: firstMessage(fields.username.safeParse('a'.repeat(33))),
  usernameChars: firstMessage(fields.username.safeParse('ana maria')),
  usernameTaken: ERRORS.usernameNotAvailable.message,
  email: firstMessage(fields.emailAddress.safeParse('not-an-address')),
  phone: firstMessage(fields.phoneNumber.safeParse('call me')),
  dateFormat: firstMessage(fields.dateOfBirth.safeParse('01/02/1990')),
  dateExists: firstMessage(fields.dateOfBirth.safeParse('1990-02-30')),
  minimumAge: firstMessage(fields.dateOfBirth.safeParse(`${new Date().getUTCFullYear() - 10}-01-01`)),
  terms: firstMessage(fields.termsAccepted.safeParse(false)),
  passwordMismatch: retypeIssues({ a: 'x', b: 'y' }, [['a', 'b', 'Password']]).b ?? '',
  emailMismatch: retypeIssues({ a: 'x', b: 'y' }, [['a', 'b', 'E-mail']]).b ?? '',
  phoneMismatch: retypeIssues({ a: 'x', b: 'y' }, [['a', 'b', 'Phone number']]).b ?? '',
} as const;

describe('validation messages', () => {
  // The en-US translation is what the schema says: a schema reworded must be translated again.
  for (const [key, message] of Object.entries(schemaMessages)) {
    it(`knows "${key}" and says it in en-US as the schema does`, () => {
      expect(message).not.toBe('');
      expect(validationMessageOf(message)).toEqual({ key });
      expect(enFields.validation[key as keyof typeof schemaMessages]).toBe(message);
    });
  }

  it('names the field and the limit of a length message', () => {
    const message = firstMessage(fields.lastName.safeParse('x'.repeat(51)));
    expect(validationMessageOf(message)).toEqual({ key: 'tooLong', field: 'lastName', max: 50 });
    expect(
      enFields.validation.tooLong.replace('{{field}}', enFields.fieldNames.lastName).replace('{{max}}', '50'),
    ).toBe(message);
  });

  it('says "required" for a choice not made', () => {
    expect(validationMessageOf(firstMessage(fields.gender.safeParse(undefined)))).toEqual({
      key: 'required',
    });
  });

  it('leaves a message it does not know to be shown as it is', () => {
    expect(validationMessageOf('Something new.')).toBeNull();
  });
});
