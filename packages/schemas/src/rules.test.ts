import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  MINIMUM_AGE_RULE,
  PASSWORD_RULE,
  REQUIRED,
  adultDateOfBirthSchema,
  ageOn,
  companyIdentifierSchema,
  dateSchema,
  emailSchema,
  macSchema,
  optionalText,
  ouiSchema,
  paginationSchema,
  passwordSchema,
  phoneSchema,
  text,
  usernameSchema,
  uuidSchema,
} from './rules';
import { isUuid, UUID_PATTERN } from './uuid';

/** The messages a person would see for `input`, or [] when it is accepted. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** YYYY-MM-DD of a UTC date. */
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The latest birth date of someone who is `years` old on `today` (UTC): their birthday is today. */
function birthDateTurning(years: number, today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  // On 29 February of a leap year the date years back may not exist and rolls to 1 March: step back.
  if (d.getUTCMonth() !== today.getUTCMonth()) d.setUTCDate(d.getUTCDate() - 1);
  return iso(d);
}

describe('passwordSchema', () => {
  it('rejects 7 characters with the short "at least 8" message only', () => {
    expect(messages(passwordSchema, 'Ab1!xyz')).toEqual(['Password must be at least 8 characters.']);
  });

  it('accepts exactly 8 characters with upper, lower, digit and special', () => {
    expect(passwordSchema.parse('Ab1!xyzw')).toBe('Ab1!xyzw');
  });

  it.each([
    ['no uppercase letter', 'ab1!xyzw'],
    ['no lowercase letter', 'AB1!XYZW'],
    ['no number', 'Abc!xyzw'],
    ['no special character', 'Ab1cxyzw'],
  ])('rejects a password with %s', (_label, password) => {
    expect(messages(passwordSchema, password)).toEqual([PASSWORD_RULE]);
  });

  it('counts a space or a non-ASCII symbol as a special character', () => {
    expect(passwordSchema.safeParse('Ab1 xyzw').success).toBe(true);
    expect(passwordSchema.safeParse('Ab1€xyzw').success).toBe(true);
  });

  it('accepts 128 characters and rejects 129', () => {
    const at = (n: number) => 'Ab1!' + 'x'.repeat(n - 4);
    expect(at(128)).toHaveLength(128);
    expect(passwordSchema.safeParse(at(128)).success).toBe(true);
    expect(messages(passwordSchema, at(129))).toEqual(['Password must be at most 128 characters.']);
  });

  it('keeps surrounding spaces (a password is never trimmed)', () => {
    expect(passwordSchema.parse(' Ab1!xyzw ')).toBe(' Ab1!xyzw ');
  });

  it('says the field is required when missing, and that it must be text otherwise', () => {
    expect(messages(passwordSchema, undefined)).toEqual([REQUIRED]);
    expect(messages(passwordSchema, null)).toEqual([REQUIRED]);
    expect(messages(passwordSchema, 12345678)).toEqual(['Password must be text.']);
  });

  it('spells out the full rule', () => {
    expect(PASSWORD_RULE).toContain('at least 8 characters');
    expect(PASSWORD_RULE).toMatch(/uppercase.*lowercase.*number.*special/);
  });
});

describe('usernameSchema', () => {
  it('accepts letters and numbers from 3 to 32 characters', () => {
    expect(usernameSchema.parse('abc')).toBe('abc');
    expect(usernameSchema.parse('Jane2024')).toBe('Jane2024');
    expect(usernameSchema.safeParse('a'.repeat(32)).success).toBe(true);
  });

  it('rejects 2 and 33 characters with a message naming the limit', () => {
    expect(messages(usernameSchema, 'ab')).toEqual(['Username must be at least 3 characters.']);
    expect(messages(usernameSchema, 'a'.repeat(33))).toEqual(['Username must be at most 32 characters.']);
  });

  it.each(['jane doe', 'jane_doe', 'jane.doe', 'jane-doe', 'jane@x', 'José1'])('rejects %j', (name) => {
    expect(messages(usernameSchema, name)).toEqual(['Username may contain only letters and numbers.']);
  });

  it('trims surrounding spaces before checking', () => {
    expect(usernameSchema.parse('  jane1  ')).toBe('jane1');
    expect(messages(usernameSchema, ' ab ')).toEqual(['Username must be at least 3 characters.']);
  });

  it('says the field is required when missing', () => {
    expect(messages(usernameSchema, undefined)).toEqual([REQUIRED]);
  });
});

describe('emailSchema', () => {
  it('accepts a valid address, trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it.each(['jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'jane@@example.com', ''])(
    'rejects %j',
    (email) => {
      expect(messages(emailSchema, email)).toEqual(['Enter a valid e-mail address.']);
    },
  );

  it('rejects an address over 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(messages(emailSchema, long)).toContain('E-mail must be at most 254 characters.');
  });

  it('says the field is required when missing', () => {
    expect(messages(emailSchema, undefined)).toEqual([REQUIRED]);
  });
});

describe('phoneSchema', () => {
  it('accepts 7 and 15 digits, rejects 6 and 16', () => {
    expect(phoneSchema.safeParse('1234567').success).toBe(true);
    expect(phoneSchema.safeParse('123456789012345').success).toBe(true);
    expect(messages(phoneSchema, '123456')).toEqual(['Enter a valid phone number.']);
    expect(messages(phoneSchema, '1234567890123456')).toEqual(['Enter a valid phone number.']);
  });

  it.each(['+1 555 123 4567', '+1 (555) 123-4567', '(555) 123-4567', '555-123-4567', '+44 20 7946 0958'])(
    'accepts the common written form %j',
    (phone) => {
      expect(phoneSchema.parse(phone)).toBe(phone);
    },
  );

  it('counts digits only, not separators', () => {
    // 6 digits padded with separators is still too short.
    expect(messages(phoneSchema, '12-34-56 ()')).toEqual(['Enter a valid phone number.']);
  });

  it.each(['555.123.4567', 'call me', '555-CALL-NOW', '++15551234567', '-5551234567', ''])(
    'rejects %j with one message',
    (phone) => {
      expect(messages(phoneSchema, phone)).toEqual(['Enter a valid phone number.']);
    },
  );

  it('says the field is required when missing', () => {
    expect(messages(phoneSchema, undefined)).toEqual([REQUIRED]);
  });
});

describe('dateSchema', () => {
  it('accepts a real YYYY-MM-DD date, including a leap day', () => {
    expect(dateSchema.parse('2024-02-29')).toBe('2024-02-29');
    expect(dateSchema.parse('2023-12-31')).toBe('2023-12-31');
  });

  it.each(['2023-02-29', '2023-02-30', '2023-04-31', '2023-13-01', '2023-00-10', '2023-01-00', '2023-01-32'])(
    'rejects the impossible date %s',
    (date) => {
      expect(messages(dateSchema, date)).toEqual(['Enter a date that exists.']);
    },
  );

  it.each(['01/02/2023', '2023-1-2', '2023-01-02T00:00:00Z', '20230102', 'yesterday', ''])(
    'rejects %j with the format message only',
    (date) => {
      expect(messages(dateSchema, date)).toEqual(['Enter a date as YYYY-MM-DD.']);
    },
  );
});

describe('ageOn', () => {
  const today = new Date('2025-06-15T12:00:00Z');

  it('counts whole years, turning on the birthday itself', () => {
    expect(ageOn('2007-06-15', today)).toBe(18);
    expect(ageOn('2007-06-16', today)).toBe(17);
    expect(ageOn('2007-06-14', today)).toBe(18);
    expect(ageOn('2007-07-01', today)).toBe(17);
    expect(ageOn('2007-05-31', today)).toBe(18);
  });

  it('makes someone born on 29 February a year older on 1 March of a common year', () => {
    expect(ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(18);
  });

  it('is negative for a birth date in the future', () => {
    expect(ageOn('2026-06-15', today)).toBeLessThan(0);
  });
});

describe('adultDateOfBirthSchema (minimum age 18)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts someone who turns 18 today and rejects someone who turns 18 tomorrow', () => {
    const today = new Date();
    const eighteenToday = birthDateTurning(18, today);
    const oneDayShort = iso(new Date(Date.parse(`${eighteenToday}T00:00:00Z`) + 24 * 60 * 60 * 1000));
    expect(ageOn(eighteenToday, today)).toBe(18);
    expect(ageOn(oneDayShort, today)).toBe(17);
    expect(adultDateOfBirthSchema.safeParse(eighteenToday).success).toBe(true);
    expect(messages(adultDateOfBirthSchema, oneDayShort)).toEqual([MINIMUM_AGE_RULE]);
  });

  it('follows the clock: the same birth date is refused the day before the 18th birthday', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-14T23:59:00Z'));
    expect(messages(adultDateOfBirthSchema, '2007-06-15')).toEqual([MINIMUM_AGE_RULE]);
    vi.setSystemTime(new Date('2025-06-15T00:01:00Z'));
    expect(adultDateOfBirthSchema.safeParse('2007-06-15').success).toBe(true);
  });

  it('rejects a future birth date', () => {
    expect(messages(adultDateOfBirthSchema, '2999-01-01')).toEqual([MINIMUM_AGE_RULE]);
  });

  it('rejects an impossible date with one message, not the age rule as well', () => {
    expect(messages(adultDateOfBirthSchema, '2000-02-30')).toEqual(['Enter a date that exists.']);
    expect(messages(adultDateOfBirthSchema, 'not a date')).toEqual(['Enter a date as YYYY-MM-DD.']);
  });

  it('says the field is required when missing', () => {
    expect(messages(adultDateOfBirthSchema, undefined)).toEqual([REQUIRED]);
  });

  it('names the age in its message', () => {
    expect(MINIMUM_AGE_RULE).toBe('You must be at least 18 years old.');
  });
});

describe('macSchema (gateway MAC number)', () => {
  it.each([
    ['AABBCCDDEEFF', 'AABBCCDDEEFF'],
    ['aabbccddeeff', 'AABBCCDDEEFF'],
    ['aa:bb:cc:dd:ee:ff', 'AABBCCDDEEFF'],
    ['AA-BB-CC-DD-EE-FF', 'AABBCCDDEEFF'],
    ['  b8:27:eb:12:34:56  ', 'B827EB123456'],
    ['001122334455', '001122334455'],
  ])('accepts %j as %s', (input, normalised) => {
    expect(macSchema.parse(input)).toBe(normalised);
  });

  it.each([
    ['11 digits', 'AABBCCDDEEF'],
    ['13 digits', 'AABBCCDDEEFF0'],
    ['11 digits with separators', 'AA:BB:CC:DD:EE:F'],
    ['a non-hex digit', 'AABBCCDDEEFG'],
    ['non-hex with separators', 'gg:bb:cc:dd:ee:ff'],
    ['dots as separators', 'AABB.CCDD.EEFF'],
    ['nothing', ''],
  ])('rejects %s', (_label, input) => {
    expect(messages(macSchema, input)).toEqual(['The MAC number must have 12 digits.']);
  });

  it('says the field is required when missing', () => {
    expect(messages(macSchema, undefined)).toEqual([REQUIRED]);
  });
});

describe('ouiSchema (Bluetooth vendor identifier)', () => {
  it('accepts EA:E0:AA and upper-cases lower case', () => {
    expect(ouiSchema.parse('EA:E0:AA')).toBe('EA:E0:AA');
    expect(ouiSchema.parse('ea:e0:aa')).toBe('EA:E0:AA');
    expect(ouiSchema.parse(' 00:1a:7d ')).toBe('00:1A:7D');
  });

  it.each(['EA:E0', 'EA:E0:AA:BB', 'EAE0AA', 'EA-E0-AA', 'EA:E0:AG', 'E:AE0:AA', ''])('rejects %j', (oui) => {
    expect(messages(ouiSchema, oui)).toEqual(['Enter a vendor identifier like EA:E0:AA.']);
  });
});

describe('companyIdentifierSchema (Bluetooth company identifier)', () => {
  it.each([
    ['0x0CA5', '0x0CA5'],
    ['0x0ca5', '0x0CA5'],
    ['0X0CA5', '0x0CA5'],
    [' 0x004c ', '0x004C'],
  ])('accepts %j as %s', (input, normalised) => {
    expect(companyIdentifierSchema.parse(input)).toBe(normalised);
  });

  it.each(['0xCA5', '0x00CA5', '0CA5', '0x0CAG', 'x0CA5', ''])('rejects %j', (input) => {
    expect(messages(companyIdentifierSchema, input)).toEqual(['Enter a company identifier like 0x0CA5.']);
  });
});

describe('text and optionalText', () => {
  const firstName = text('First name', 50);

  it('requires a value: missing, null, empty and blank all say the field is required', () => {
    for (const input of [undefined, null, '', '   ']) expect(messages(firstName, input)).toEqual([REQUIRED]);
  });

  it('trims, accepts the limit and names field and limit one above it', () => {
    expect(firstName.parse('  Jane  ')).toBe('Jane');
    expect(firstName.safeParse('a'.repeat(50)).success).toBe(true);
    expect(messages(firstName, 'a'.repeat(51))).toEqual(['First name must be at most 50 characters.']);
  });

  it('names field and minimum when the minimum is above 1', () => {
    const code = text('Code', 10, 4);
    expect(messages(code, 'abc')).toEqual(['Code must be at least 4 characters.']);
    expect(code.parse('abcd')).toBe('abcd');
  });

  it('says a non-text value must be text', () => {
    expect(messages(firstName, 42)).toEqual(['First name must be text.']);
  });

  it('lets an optional text be left out, and still checks its length', () => {
    const middle = optionalText('Middle name', 5);
    expect(middle.parse(undefined)).toBeUndefined();
    expect(middle.parse(' Ann ')).toBe('Ann');
    expect(messages(middle, 'abcdef')).toEqual(['Middle name must be at most 5 characters.']);
    expect(messages(middle, 3)).toEqual(['Middle name must be text.']);
  });
});

describe('uuidSchema', () => {
  it('accepts a UUID and rejects anything else', () => {
    expect(uuidSchema.safeParse('3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f').success).toBe(true);
    expect(messages(uuidSchema, '123')).toEqual(['Enter a valid identifier.']);
    expect(messages(uuidSchema, '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6')).toEqual([
      'Enter a valid identifier.',
    ]);
  });
});

describe('isUuid (the same check without zod)', () => {
  it("uses the pattern of zod's z.uuid()", () => {
    expect(UUID_PATTERN.source).toBe(z.regexes.uuid().source);
  });

  it('agrees with uuidSchema', () => {
    const samples = ['3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f', '00000000-0000-0000-0000-000000000000', '123', '3f2b8c1e-9d4a-9c6b-8e2f-1a2b3c4d5e6f', '', 42, undefined];
    for (const sample of samples) expect(isUuid(sample)).toBe(uuidSchema.safeParse(sample).success);
  });
});

describe('paginationSchema', () => {
  it('defaults to page 1 of 20', () => {
    expect(paginationSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
  });

  it('reads query-string numbers and enforces page >= 1 and 1 <= pageSize <= 100', () => {
    expect(paginationSchema.parse({ page: '3', pageSize: '100' })).toEqual({ page: 3, pageSize: 100 });
    expect(paginationSchema.safeParse({ page: '0' }).success).toBe(false);
    expect(paginationSchema.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(paginationSchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(paginationSchema.safeParse({ page: '1.5' }).success).toBe(false);
    expect(paginationSchema.safeParse({ page: 'two' }).success).toBe(false);
  });

  it('refuses unknown query fields', () => {
    expect(paginationSchema.safeParse({ page: 1, sort: 'name' }).success).toBe(false);
  });
});
