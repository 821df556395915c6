import { ERRORS, errorMessage, type ErrorKey, type FieldIssue } from '@opencare/schemas/errors';
import { unsafeTextIssues } from '@opencare/schemas/safe-text';
import type { z } from 'zod';

/**
 * The one error services throw. The key finds status and message in the catalogue; only the REST
 * error handler, the tRPC error formatter and socket acknowledgements translate it for a client.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly fields: FieldIssue[] | undefined;
  /** The values of the message's {{placeholders}}, sent along so a client can translate it. */
  readonly params: Record<string, string | number> | undefined;

  constructor(key: ErrorKey, options: { params?: Record<string, string | number>; fields?: FieldIssue[] } = {}) {
    super(errorMessage(key, options.params));
    this.name = 'AppError';
    this.key = key;
    this.status = ERRORS[key].status || 500;
    this.fields = options.fields;
    this.params = options.params;
  }
}

export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    message: issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : issue.message,
  }));
}

/**
 * Who watches the boundary's parsing: only the hostile-input suite, to learn from the edge itself
 * which shared schema reads which route's body or query (so a route gets valid-shaped cases the day
 * it is added). Empty in production.
 */
export const inputObservers = new Set<(schema: z.ZodType, value: unknown) => void>();

/** Validate input at a boundary: a bad value becomes a 400 with field messages, never a 500. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  for (const observe of inputObservers) observe(schema, value);
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('validationFailed', { fields: fieldIssues(result.error) });
  return result.data;
}

/**
 * The transports' one check of raw input before any schema reads it (packages/schemas/safe-text):
 * a NUL, a lone surrogate or too deep a nesting anywhere in the value is a 400 with the field's path,
 * never a database error.
 */
export function refuseUnsafeText(value: unknown): void {
  const fields = unsafeTextIssues(value);
  if (fields.length > 0) throw new AppError('validationFailed', { fields });
}
