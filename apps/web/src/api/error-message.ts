import type { TFunction } from 'i18next';
import { ApiError } from './client';

const TRANSLATED = [
  'unknown',
  'err_network',
  'invalidResponseData',
  'invalidCredentials',
  'rateLimited',
  'accountInactive',
  'accountLocked',
  'sessionExpired',
  'validationFailed',
  'serviceUnavailable',
] as const;
type TranslatedKey = (typeof TRANSLATED)[number];

function isTranslated(key: string): key is TranslatedKey {
  return (TRANSLATED as readonly string[]).includes(key);
}

/**
 * What to tell the user about a failed call: our translation of the catalogue key when we have
 * one (the server speaks en-US only), else the server's own message, else a generic one.
 */
export function errorMessageOf(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  if (isTranslated(error.key)) return t(`errors.${error.key}`);
  return error.message || t('errors.unknown');
}
