import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsMessageOf } from './settings-message';

/** A settings field's problem in the reader's language; one we have no key for is shown as worded. */
export function useSettingsMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('system');
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const known = settingsMessageOf(message);
      if (!known) return message;
      switch (known.key) {
        case 'atLeast':
          return t('validation.atLeast', { min: known.min });
        case 'atMost':
          return t('validation.atMost', { max: known.max });
        case 'tooLong':
          return t('validation.tooLong', { max: known.max });
        default:
          return t(`validation.${known.key}`);
      }
    },
    [t],
  );
}
