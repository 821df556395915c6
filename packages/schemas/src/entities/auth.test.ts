import { describe, expect, it } from 'vitest';
import { issues } from '../testing/issues';
import { MINIMUM_AGE_RULE, PASSWORD_RULE, REQUIRED } from '../rules';
import {
  changePasswordInputSchema,
  loginInputSchema,
  resendVerificationInputSchema,
  signupInputSchema,
  tokenInputSchema,
} from './auth';


const validSignup = {
  username: 'jane1',
  password: 'Abcdef1!',
  passwordConfirmation: 'Abcdef1!',
  firstName: 'Jane',
  lastName: 'Doe',
  dateOfBirth: '1990-05-17',
  gender: 'f',
  emailAddress: 'jane@example.com',
  emailAddressConfirmation: 'jane@example.com',
  phoneNumber: '+1 555 123 4567',
  phoneNumberConfirmation: '+1 555 123 4567',
  accountType: 'pat',
  termsAccepted: true,
};

describe('loginInputSchema', () => {
  it('accepts a username and password, trimming the username only', () => {
    expect(loginInputSchema.parse({ username: ' jane1 ', password: ' secret ' })).toEqual({
      username: 'jane1',
      password: ' secret ',
    });
  });

  it('checks presence only, so it never tells which password rule a wrong one breaks', () => {
    expect(loginInputSchema.safeParse({ username: 'jane1', password: 'x' }).success).toBe(true);
  });

  it('says each missing or blank field is required', () => {
    expect(issues(loginInputSchema, {})).toEqual([
      ['username', REQUIRED],
      ['password', REQUIRED],
    ]);
    expect(issues(loginInputSchema, { username: '   ', password: '' })).toEqual([
      ['username', REQUIRED],
      ['password', REQUIRED],
    ]);
  });

  it('bounds the lengths and refuses unknown fields', () => {
    expect(loginInputSchema.safeParse({ username: 'a'.repeat(255), password: 'x' }).success).toBe(false);
    expect(loginInputSchema.safeParse({ username: 'jane1', password: 'x'.repeat(1025) }).success).toBe(false);
    expect(loginInputSchema.safeParse({ username: 'jane1', password: 'x', remember: true }).success).toBe(
      false,
    );
  });
});

describe('signupInputSchema', () => {
  it('accepts a complete sign-up and fills the notification defaults', () => {
    const parsed = signupInputSchema.parse(validSignup);
    expect(parsed.emailNotifications).toBe(true);
    expect(parsed.textNotifications).toBe(false);
    expect(parsed.username).toBe('jane1');
  });

  it('accepts every optional field of spec §3', () => {
    const parsed = signupInputSchema.parse({
      ...validSignup,
      middleName: 'Q',
      address: '1 Main St',
      country: 'US',
      emailNotifications: false,
      textNotifications: true,
      maritalStatus: 'married',
      specialty: '08',
      role: 'Patient',
      invitationCode: 'abc123',
      preferredLanguage: 'es',
    });
    expect(parsed).toMatchObject({
      specialty: '08',
      role: 'Patient',
      preferredLanguage: 'es',
      textNotifications: true,
    });
  });

  it('lower-cases both e-mail fields, so a retype differing only in case matches', () => {
    const parsed = signupInputSchema.parse({
      ...validSignup,
      emailAddress: 'Jane@Example.com',
      emailAddressConfirmation: 'JANE@example.COM',
    });
    expect(parsed.emailAddress).toBe('jane@example.com');
    expect(parsed.emailAddressConfirmation).toBe('jane@example.com');
  });

  it.each([
    ['passwordConfirmation', 'Abcdef1?', 'Password fields must match.'],
    ['emailAddressConfirmation', 'janet@example.com', 'E-mail fields must match.'],
    ['phoneNumberConfirmation', '+1 555 123 4568', 'Phone number fields must match.'],
  ])('puts a retype mismatch on the retype field %s', (field, value, message) => {
    expect(issues(signupInputSchema, { ...validSignup, [field]: value })).toEqual([[field, message]]);
  });

  it('reports several mismatches at once, each on its own retype field', () => {
    const result = issues(signupInputSchema, {
      ...validSignup,
      passwordConfirmation: 'nope',
      emailAddressConfirmation: 'other@example.com',
    });
    expect(result).toEqual([
      ['passwordConfirmation', 'Password fields must match.'],
      ['emailAddressConfirmation', 'E-mail fields must match.'],
    ]);
  });

  it('still reports a retype mismatch next to a field that breaks a rule', () => {
    const result = issues(signupInputSchema, {
      ...validSignup,
      dateOfBirth: '2000-02-30',
      emailAddressConfirmation: 'other@example.com',
    });
    expect(result).toEqual([
      ['dateOfBirth', 'Enter a date that exists.'],
      ['emailAddressConfirmation', 'E-mail fields must match.'],
    ]);
  });

  it('applies the password rule to the password', () => {
    expect(
      issues(signupInputSchema, { ...validSignup, password: 'abcdefgh', passwordConfirmation: 'abcdefgh' }),
    ).toEqual([['password', PASSWORD_RULE]]);
    expect(
      issues(signupInputSchema, { ...validSignup, password: 'Ab1!', passwordConfirmation: 'Ab1!' }),
    ).toEqual([['password', 'Password must be at least 8 characters.']]);
  });

  it('refuses someone younger than 18', () => {
    const now = new Date();
    const seventeen = `${now.getUTCFullYear() - 17}-01-01`;
    expect(issues(signupInputSchema, { ...validSignup, dateOfBirth: seventeen })).toEqual([
      ['dateOfBirth', MINIMUM_AGE_RULE],
    ]);
  });

  it('requires acceptance of the terms', () => {
    expect(issues(signupInputSchema, { ...validSignup, termsAccepted: false })).toEqual([
      ['termsAccepted', 'Please accept the terms and conditions.'],
    ]);
    const { termsAccepted: _omit, ...withoutTerms } = validSignup;
    expect(issues(signupInputSchema, withoutTerms)).toEqual([
      ['termsAccepted', 'Please accept the terms and conditions.'],
    ]);
  });

  it('requires an account type from the lookup', () => {
    const { accountType: _omit, ...withoutType } = validSignup;
    expect(signupInputSchema.safeParse(withoutType).success).toBe(false);
    expect(signupInputSchema.safeParse({ ...validSignup, accountType: 'guest' }).success).toBe(false);
    for (const type of ['pat', 'prov', 'car', 'ins']) {
      expect(signupInputSchema.safeParse({ ...validSignup, accountType: type }).success).toBe(true);
    }
  });

  it('says each required text field is required', () => {
    expect(issues(signupInputSchema, { ...validSignup, firstName: ' ', lastName: '' })).toEqual([
      ['firstName', REQUIRED],
      ['lastName', REQUIRED],
    ]);
  });

  it('names field and limit when a name is too long', () => {
    expect(issues(signupInputSchema, { ...validSignup, firstName: 'a'.repeat(51) })).toEqual([
      ['firstName', 'First name must be at most 50 characters.'],
    ]);
  });

  it('refuses an invalid username, e-mail, phone, gender, specialty or role', () => {
    for (const bad of [
      { username: 'jane doe' },
      { emailAddress: 'jane@', emailAddressConfirmation: 'jane@' },
      { phoneNumber: '123', phoneNumberConfirmation: '123' },
      { gender: 'x' },
      { specialty: '99' },
      { role: 'Doctor' },
      { maritalStatus: 'complicated' },
      { preferredLanguage: 'fr' },
    ]) {
      expect(signupInputSchema.safeParse({ ...validSignup, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
  });

  it('refuses unknown fields (strict)', () => {
    expect(issues(signupInputSchema, { ...validSignup, isAdmin: true })).toEqual([
      ['', 'Unrecognized key: "isAdmin"'],
    ]);
  });
});

describe('tokenInputSchema', () => {
  it('needs a token, trimmed, at most 256 characters', () => {
    expect(tokenInputSchema.parse({ token: ' abc ' })).toEqual({ token: 'abc' });
    expect(issues(tokenInputSchema, {})).toEqual([['token', REQUIRED]]);
    expect(issues(tokenInputSchema, { token: '  ' })).toEqual([['token', REQUIRED]]);
    expect(tokenInputSchema.safeParse({ token: 'x'.repeat(256) }).success).toBe(true);
    expect(tokenInputSchema.safeParse({ token: 'x'.repeat(257) }).success).toBe(false);
  });
});

describe('resendVerificationInputSchema', () => {
  it('needs a valid e-mail, lower-cased', () => {
    expect(resendVerificationInputSchema.parse({ email: 'Jane@Example.com' })).toEqual({
      email: 'jane@example.com',
    });
    expect(resendVerificationInputSchema.safeParse({ email: 'jane' }).success).toBe(false);
  });
});

describe('changePasswordInputSchema', () => {
  const valid = { currentPassword: 'old', password: 'Newpass1!', passwordConfirmation: 'Newpass1!' };

  it('accepts a new password that follows the rule and matches its retype', () => {
    expect(changePasswordInputSchema.parse(valid)).toEqual(valid);
  });

  it('puts a mismatch on the retype field', () => {
    expect(issues(changePasswordInputSchema, { ...valid, passwordConfirmation: 'Newpass2!' })).toEqual([
      ['passwordConfirmation', 'Password fields must match.'],
    ]);
  });

  it('applies the password rule to the new password only', () => {
    expect(
      issues(changePasswordInputSchema, {
        ...valid,
        password: 'newpass1!',
        passwordConfirmation: 'newpass1!',
      }),
    ).toEqual([['password', PASSWORD_RULE]]);
  });

  it('requires the current password', () => {
    expect(issues(changePasswordInputSchema, { ...valid, currentPassword: '' })).toEqual([
      ['currentPassword', REQUIRED],
    ]);
  });
});
