import { ERRORS, isErrorKey, type ErrorKey } from '@opencare/schemas/errors';
import type { TFunction } from 'i18next';
import { ApiError, asApiError } from './api-error';

/** Standard error names (media and fetch failures) that stand for a catalogue key (spec §8). */
const BY_NAME: Record<string, ErrorKey> = {
  NotAllowedError: 'mediaPermissionDenied',
  SecurityError: 'mediaPermissionDenied',
  NotReadableError: 'deviceInUse',
  NotSupportedError: 'mediaDevicesNotSupported',
  NetworkError: 'err_network',
};

/** The catalogue key of a failure, by key or by name; anything else is `unknown`. */
export function errorKeyOf(failure: unknown): ErrorKey {
  const error = asApiError(failure);
  if (typeof error === 'string') return isErrorKey(error) ? error : 'unknown';
  if (error instanceof ApiError) return isErrorKey(error.key) ? error.key : 'unknown';
  if (error instanceof Error) {
    if (isErrorKey(error.message)) return error.message;
    return BY_NAME[error.name] ?? 'unknown';
  }
  return 'unknown';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The values a server message filled into its catalogue template ("… more than 10 minutes …"), so
 * the translation can say the same number.
 */
function paramsOf(key: ErrorKey, message: string): Record<string, string> {
  const template: string = ERRORS[key].message;
  if (!template.includes('{{')) return {};
  const pattern = escape(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)');
  return new RegExp(`^${pattern}$`).exec(message)?.groups ?? {};
}

/**
 * What to tell the user about a failure: the translation of its catalogue key in the `common`
 * namespace (`errors.<key>`; the server speaks en-US only), else "Something went wrong, please try
 * again." (spec §8).
 */
export function errorMessageOf(t: TFunction, failure: unknown): string {
  const error = asApiError(failure);
  const key = errorKeyOf(error);
  const params = error instanceof ApiError ? paramsOf(key, error.message) : {};
  // Typed as one key: i18next's key types read the `_` of err_network as a context suffix.
  return t(`errors.${key}` as 'errors.unknown', { replace: params });
}
