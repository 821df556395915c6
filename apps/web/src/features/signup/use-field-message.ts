import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessageOf } from './field-message';

/**
 * Translate a schema's field message into the reader's language; a message we have no key for is
 * shown as the schema (or server) words it, which is better than hiding it.
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('signup');
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
