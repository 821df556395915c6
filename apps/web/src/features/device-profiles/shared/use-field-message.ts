import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessageOf } from './field-message';

/**
 * A schema's (or the server's) field message in the reader's language; one we have no key for is
 * shown as worded, which is better than hiding it.
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('devices');
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const known = validationMessageOf(message);
      if (!known) return message;
      return known.key === 'tooLong'
        ? t('validation.tooLong', { field: t(`fieldNames.${known.field}`), max: known.max })
        : t(`validation.${known.key}`);
    },
    [t],
  );
}
