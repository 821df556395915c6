import { describe, expect, it } from 'vitest';
import { loginInputSchema } from './entities/auth';
import { loginPresence } from './login-presence';

const issuesOf = (result: { issues?: readonly { message: string; path?: readonly PropertyKey[] }[] }) =>
  (result.issues ?? []).map((issue) => [issue.path?.join('.'), issue.message]);

describe('the sign-in form check without zod', () => {
  // The form always sends an object of its two fields.
  it('refuses and accepts exactly what loginInputSchema does, with the same messages', () => {
    const cases: unknown[] = [
      {},
      { username: '', password: '' },
      { username: '   ', password: 'x' },
      { username: ' nurse ', password: 'Passw0rd!' },
      { username: 'a'.repeat(254), password: 'x'.repeat(1024) },
      { username: 'a'.repeat(255), password: 'x' },
      { username: 'a', password: 'x'.repeat(1025) },
      { username: 3, password: null },
    ];
    for (const input of cases) {
      const zod = loginInputSchema['~standard'].validate(input) as { value?: unknown; issues?: readonly { message: string; path?: readonly PropertyKey[] }[] };
      const ours = loginPresence['~standard'].validate(input);
      expect(issuesOf(ours), JSON.stringify(input)).toEqual(issuesOf(zod));
      if (!zod.issues) expect(ours.issues ? undefined : ours.value).toEqual(zod.value);
    }
  });
});
