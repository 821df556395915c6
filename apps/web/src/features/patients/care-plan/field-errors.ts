import type { z } from 'zod';
import { ApiError, asApiError } from '../../../api/api-error';

/**
 * The fields a server refused, by path ("limits.systolic.highFrom"), whatever its en-US message said;
 * `within` is the part of the procedure's input the form's values sit in ("changes").
 */
export function serverFields(caught: unknown, within?: string): string[] {
  const error = asApiError(caught);
  if (!(error instanceof ApiError)) return [];
  return error.errors.map((issue) =>
    within && issue.field.startsWith(`${within}.`) ? issue.field.slice(within.length + 1) : issue.field,
  );
}

/** The first client-side issue of each field, by path, for the form to translate. */
export function issuesByPath(error: z.ZodError): Map<string, z.core.$ZodIssue> {
  const found = new Map<string, z.core.$ZodIssue>();
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (!found.has(path)) found.set(path, issue);
  }
  return found;
}
