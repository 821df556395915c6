import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureMessages } from '../../components/form/use-field-message';
import { settingsMessageOf } from './settings-message';

/** The settings schemas' messages in the reader's words, for the form toolkit's useFieldMessage. */
export function useSettingsMessages(): FeatureMessages {
  const { t } = useTranslation('system');
  return useCallback(
    (message: string) => {
      const known = settingsMessageOf(message);
      if (!known) return undefined;
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
