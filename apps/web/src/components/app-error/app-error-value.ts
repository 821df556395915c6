import { ERRORS } from '@opencare/schemas/errors';
import { ApiError, asApiError } from '../../api/api-error';
import { errorKeyOf } from '../../api/error-message';
import type { AppErrorValue } from './app-error-context';

/** An active error from a key ("noContent") or anything thrown. */
export function toAppError(failure: unknown): AppErrorValue {
  const error = asApiError(failure);
  const key = errorKeyOf(error);
  if (error instanceof ApiError) return { key, code: error.status || ERRORS[key].status || 500, cause: error };
  return { key, code: ERRORS[key].status || 500, cause: typeof error === 'string' ? undefined : error };
}
