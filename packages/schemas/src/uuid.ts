/**
 * The pattern of zod's `z.uuid()` (RFC 9562 versions 1 to 8, the nil and the max UUID), for checks
 * where zod is not loaded: the web client's route guards are part of its first load, zod is not
 * (issue 16). rules.test.ts keeps it equal to zod's.
 */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** Whether `value` is a UUID as `uuidSchema` (rules.ts) accepts it. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
