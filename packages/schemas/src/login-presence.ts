/**
 * The sign-in form's own check, without zod: the login page is part of the first load and zod is
 * not (issue 16). It asks what `loginInputSchema` (entities/auth.ts) asks — a username and a
 * password, each within its length — and writes the same messages (zod's, as that schema's error
 * function words them); login-presence.test.ts keeps the two equal. It is a Standard Schema, as
 * zod's schemas are, so the form toolkit takes either.
 */
import { REQUIRED } from './constants';

const USERNAME_MAX = 254;
const PASSWORD_MAX = 1024;

export interface LoginValues {
  username: string;
  password: string;
}
interface Issue {
  message: string;
  path: readonly [keyof LoginValues];
}
type Result = { value: LoginValues; issues?: undefined } | { issues: readonly Issue[] };

/** One field's issue as zod words it: missing, blank or not text (its error function also words "too long" so). */
function issueOf(field: keyof LoginValues, label: string, raw: unknown, text: string, max: number): Issue | undefined {
  if (typeof raw !== 'string') return { message: raw == null ? REQUIRED : `${label} must be text.`, path: [field] };
  if (text.length === 0) return { message: REQUIRED, path: [field] };
  if (text.length > max) return { message: `${label} must be text.`, path: [field] };
  return undefined;
}

export const loginPresence = {
  '~standard': {
    version: 1 as const,
    vendor: 'opencare',
    validate(input: unknown): Result {
      const value = (input !== null && typeof input === 'object' ? input : {}) as Partial<Record<keyof LoginValues, unknown>>;
      const username = typeof value.username === 'string' ? value.username.trim() : '';
      const password = typeof value.password === 'string' ? value.password : '';
      const issues = [
        issueOf('username', 'Username', value.username, username, USERNAME_MAX),
        issueOf('password', 'Password', value.password, password, PASSWORD_MAX),
      ].filter((issue) => issue !== undefined);
      return issues.length > 0 ? { issues } : { value: { username, password } };
    },
  },
};
