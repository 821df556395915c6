import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorKeyOf, errorMessageOf } from './error-message';

describe('error messages', () => {
  afterEach(() => i18next.changeLanguage('en-US'));
  const t = i18next.t.bind(i18next);

  it('are looked up by catalogue key in the reader’s language', async () => {
    expect(errorMessageOf(t, ApiError.of('sessionExpired'))).toBe('Your session has expired. Please log in again.');
    await i18next.changeLanguage('es');
    expect(errorMessageOf(t, 'err_network')).toBe('Error de red');
    await i18next.changeLanguage('ar');
    expect(errorMessageOf(t, 'err_forbidden')).toBe('عذرًا، ليس لديك إذن للوصول إلى هذه الصفحة.');
  });

  it('fall back to the generic message', () => {
    expect(errorMessageOf(t, new ApiError(500, 'notInTheCatalogue', 'Whatever'))).toBe(
      'Something went wrong, please try again.',
    );
    expect(errorMessageOf(t, new Error('boom'))).toBe('Something went wrong, please try again.');
    expect(errorMessageOf(t, null)).toBe('Something went wrong, please try again.');
  });

  it('are found by a standard error name too', () => {
    expect(errorKeyOf(new DOMException('denied', 'NotAllowedError'))).toBe('mediaPermissionDenied');
  });

  it('keep the numbers the server filled in', async () => {
    const early = new ApiError(409, 'joinTooEarly', 'You cannot join more than 15 minutes before the start.');
    await i18next.changeLanguage('es');
    expect(errorMessageOf(t, early)).toBe('No puede unirse más de 15 minutos antes del inicio.');
  });
});
