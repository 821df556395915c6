import { z } from 'zod';
import {
  MINIMUM_AGE,
  MINIMUM_AGE_RULE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE,
  REQUIRED,
} from './constants';

/** Validation rules of spec §5, each with the message a person sees. */
export { MINIMUM_AGE_RULE, PASSWORD_RULE, REQUIRED };
export { matchingRetype } from './retype';

export const requiredOr = (other: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? REQUIRED : other;

/** A required text field with the spec's messages: required, and a length message naming field and limit. */
export function text(label: string, max: number, min = 1) {
  return z
    .string({ error: requiredOr(`${label} must be text.`) })
    .trim()
    .min(min, min === 1 ? REQUIRED : `${label} must be at least ${min} characters.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional();

export const passwordSchema = z
  .string({ error: requiredOr('Password must be text.') })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p) && /[^A-Za-z0-9]/.test(p), PASSWORD_RULE);

export const usernameSchema = z
  .string({ error: requiredOr('Username must be text.') })
  .trim()
  .min(3, 'Username must be at least 3 characters.')
  .max(32, 'Username must be at most 32 characters.')
  .regex(/^[A-Za-z0-9]+$/, 'Username may contain only letters and numbers.');

export const emailSchema = z
  .string({ error: requiredOr('E-mail must be text.') })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail must be at most 254 characters.')
  .pipe(z.email('Enter a valid e-mail address.'));

/** International phone numbers: digits with optional +, spaces, dashes and brackets; 7 to 15 digits. */
const PHONE_SHAPE = /^\+?\(?[0-9][0-9 ()-]*$/;
export const phoneSchema = z
  .string({ error: requiredOr('Phone number must be text.') })
  .trim()
  .regex(PHONE_SHAPE, 'Enter a valid phone number.')
  .refine((p) => {
    // A malformed number already has its message; count digits only of a well-formed one, so it is said once.
    if (!PHONE_SHAPE.test(p)) return true;
    const digits = p.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'Enter a valid phone number.');

/** A calendar date, YYYY-MM-DD (spec §3 date format), that really exists. */
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(d: string): boolean {
  const parsed = new Date(`${d}T00:00:00Z`);
  return DATE_SHAPE.test(d) && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
}
// Each later rule skips input an earlier one already rejected, so a person sees one message per mistake
// (not "at least 18" for 2023-02-30); no `abort`, which would also hide the form's retype checks.
export const dateSchema = z
  .string({ error: requiredOr('Date must be text.') })
  .regex(DATE_SHAPE, 'Enter a date as YYYY-MM-DD.')
  .refine((d) => !DATE_SHAPE.test(d) || isRealDate(d), 'Enter a date that exists.');

/** Whole years between a YYYY-MM-DD birth date and `today`. */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A birth date at least 18 years back (spec §5), not in the future. */
export const adultDateOfBirthSchema = dateSchema.refine((d) => !isRealDate(d) || ageOn(d) >= MINIMUM_AGE, MINIMUM_AGE_RULE);

/** A gateway MAC number: 12 hex digits, with or without ':' or '-' separators; normalised to upper case. */
export const macSchema = z
  .string({ error: requiredOr('MAC number must be text.') })
  .trim()
  .transform((m) => m.replace(/[:-]/g, '').toUpperCase())
  .refine((m) => /^[0-9A-F]{12}$/.test(m), 'The MAC number must have 12 digits.');

/** A Bluetooth vendor identifier (OUI) like EA:E0:AA. */
export const ouiSchema = z
  .string({ error: requiredOr('Vendor identifier must be text.') })
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){2}$/, 'Enter a vendor identifier like EA:E0:AA.');

/** A Bluetooth company identifier like 0x0CA5. */
export const companyIdentifierSchema = z
  .string({ error: requiredOr('Company identifier must be text.') })
  .trim()
  .regex(/^0[xX][0-9A-Fa-f]{4}$/, 'Enter a company identifier like 0x0CA5.')
  .transform((c) => `0x${c.slice(2).toUpperCase()}`);

export const uuidSchema = z.uuid('Enter a valid identifier.');

export const paginationSchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type Pagination = z.infer<typeof paginationSchema>;
