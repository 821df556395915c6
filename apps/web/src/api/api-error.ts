import { ERRORS, isErrorKey, type FieldIssue } from '@opencare/schemas/errors';

/**
 * A failed call or a client-side failure: a catalogue key (spec §8; default `unknown`), the HTTP
 * status or custom code (default 500; 0 when no server answered) and the en-US message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly errors: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** An error raised here by catalogue key, with the catalogue's status and message. */
  static of(key: string, status?: number): ApiError {
    const entry = isErrorKey(key) ? ERRORS[key] : ERRORS.unknown;
    return new ApiError(status ?? entry.status, isErrorKey(key) ? key : 'unknown', entry.message);
  }
}

export function isNetworkError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 0 && error.key === 'err_network';
}
