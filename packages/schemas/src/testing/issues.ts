import type { z } from 'zod';

/** Field path and message of each issue, or [] when the input is accepted. */
export function issues(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}
