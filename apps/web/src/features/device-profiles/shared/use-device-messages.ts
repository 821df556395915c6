import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureMessages } from '../../../components/form/use-field-message';
import { validationMessageOf } from './field-message';

/** The vendor and device-profile schemas' messages in the reader's words, for the form toolkit's useFieldMessage. */
export function useDeviceMessages(): FeatureMessages {
  const { t } = useTranslation('devices');
  return useCallback(
    (message: string) => {
      const known = validationMessageOf(message);
      if (!known) return undefined;
      return known.key === 'tooLong'
        ? t('validation.tooLong', { field: t(`fieldNames.${known.field}`), max: known.max })
        : t(`validation.${known.key}`);
    },
    [t],
  );
}
