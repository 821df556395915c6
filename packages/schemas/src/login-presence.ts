/**
 * The sign-in form's own check, without zod: the login page is part of the first load and zod is
 * not (issue 16). It asks what `loginInputSchema` (entities/auth.ts) asks — a username and a
 * password, each within its length — and writes the same messages (zod's, as that schema's error
 * function words them); login-presence.test.ts keeps the
 * two equal. It is a Standard Schema, as zod's schemas are, so the form toolkit takes either.
 */
export const REQUIRED = 'This field is required.';
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

function issuesOf(value: Partial<Record<keyof LoginValues, unknown>>, username: string): Issue[] {
  const issues: Issue[] = [];
  if (typeof value.username !== 'string') issues.push({ message: value.username == null ? REQUIRED : 'Username must be text.', path: ['username'] });
  else if (username.length === 0) issues.push({ message: REQUIRED, path: ['username'] });
  else if (username.length > USERNAME_MAX) issues.push({ message: 'Username must be text.', path: ['username'] });
  if (typeof value.password !== 'string') issues.push({ message: value.password == null ? REQUIRED : 'Password must be text.', path: ['password'] });
  else if (value.password.length === 0) issues.push({ message: REQUIRED, path: ['password'] });
  else if (value.password.length > PASSWORD_MAX) issues.push({ message: 'Password must be text.', path: ['password'] });
  return issues;
}

export const loginPresence = {
  '~standard': {
    version: 1 as const,
    vendor: 'opencare',
    validate(input: unknown): Result {
      const value = (input !== null && typeof input === 'object' ? input : {}) as Partial<Record<keyof LoginValues, unknown>>;
      const username = typeof value.username === 'string' ? value.username.trim() : '';
      const issues = issuesOf(value, username);
      return issues.length > 0 ? { issues } : { value: { username, password: value.password as string } };
    },
  },
};
