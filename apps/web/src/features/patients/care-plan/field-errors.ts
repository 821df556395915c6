import type { z } from 'zod';
import { ApiError } from '../../../api/client';

/** The fields a server refused, by path ("limits.systolic.highFrom"), whatever its en-US message said. */
export function serverFields(error: unknown): string[] {
  return error instanceof ApiError ? error.errors.map((issue) => issue.field) : [];
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
