import type { FieldIssue } from '@opencare/schemas/errors';
import { ApiError, asApiError } from '../../api/api-error';
import type { FieldErrors } from '../../components/form/form-errors';

interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * One message per form field, the first found. The forms here are flat while the bodies nest
 * (`profile.firstName`), so an issue belongs to the last part of its path.
 */
export function fieldErrorsOf(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.at(-1);
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The field problems of a refusal: a 400's own list, or a known refusal placed on the fields it is about. */
export function serverErrorsOf(
  error: unknown,
  fieldsOfKey: Record<string, readonly string[]> = {},
): FieldErrors {
  return fieldErrorsOfApiError(asApiError(error), fieldsOfKey);
}

function fieldErrorsOfApiError(error: unknown, fieldsOfKey: Record<string, readonly string[]>): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const onFields = fieldsOfKey[error.key];
  if (onFields) return Object.fromEntries(onFields.map((field) => [field, error.message]));
  return fieldErrorsOf(
    error.errors.map((issue: FieldIssue) => ({ path: issue.field.split('.'), message: issue.message })),
  );
}

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
