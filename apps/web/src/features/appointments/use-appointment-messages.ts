import { ERRORS } from '@opencare/schemas/errors';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureMessages } from '../../components/form/use-field-message';

/**
 * The booking forms' words by field: a choice not made is said as the choice to make (the schema's
 * "Enter a valid identifier." means nothing to a person choosing from a list), and a time taken
 * meanwhile (slotNotAvailable, placed on the time) as such.
 */
export function useAppointmentMessages(): FeatureMessages {
  const { t } = useTranslation('appointments');
  return useCallback(
    (message: string, field?: string) => {
      switch (field) {
        case 'patient':
          return t('book.choosePatient');
        case 'providerId':
          return t('book.chooseProvider');
        case 'startsAt':
          return message === ERRORS.slotNotAvailable.message ? t('slots.taken') : t('book.chooseTime');
        default:
          return undefined;
      }
    },
    [t],
  );
}
