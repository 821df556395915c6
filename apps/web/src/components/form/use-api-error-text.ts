import { ERRORS, isErrorKey } from '@opencare/schemas/errors';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { errorMessageOf } from '../../api/error-message';

/** The key and en-US message of a failure: a catalogue key from the server (REST or tRPC) or one raised here. */
function keyAndMessage(failure: unknown): { key: string; message: string } {
  const error = asApiError(failure);
  if (error instanceof ApiError) return { key: error.key, message: error.message };
  if (typeof error === 'string' && isErrorKey(error)) return { key: error, message: ERRORS[error].message };
  // Errors raised in the browser (media, for one) carry their catalogue key as `key`.
  if (error instanceof Error && 'key' in error && isErrorKey(error.key)) {
    return { key: error.key, message: ERRORS[error.key].message };
  }
  return { key: 'unknown', message: ERRORS.unknown.message };
}

/**
 * What to tell a person about a failure: the common namespace's translation of its catalogue key
 * (`errors.<key>`) when there is one, else the server's (en-US) message, else the generic one.
 * `exists` is asked first because in development a missing key throws (i18n.ts).
 */
export function useApiErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (error: unknown) => {
      const { key, message } = keyAndMessage(error);
      const path = `errors.${key}`;
      // A server's message may fill in its template ("locked for 15 minutes"): errorMessageOf says it with those values.
      if (asApiError(error) instanceof ApiError && i18n.exists(path, { ns: 'common' })) return errorMessageOf(t, error);
      if (i18n.exists(path, { ns: 'common' })) {
        // The key comes from the server at run time; the catalogue test keeps common.json complete.
        return t(path as 'errors.unknown', { defaultValue: message });
      }
      return message || t('errors.unknown');
    },
    [t, i18n],
  );
}

/** The catalogue key of a failure, for choosing what to do next (e.g. which field to mark). */
export function errorKeyOf(error: unknown): string {
  return keyAndMessage(error).key;
}
