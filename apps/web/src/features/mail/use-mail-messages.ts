import { REQUIRED } from '@opencare/schemas/constants';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureMessages } from '../../components/form/use-field-message';

/** What is missing, said for the field it is missing from. */
const REQUIRED_BY_FIELD = {
  patient: 'form.patientRequired',
  subject: 'form.subjectRequired',
  body: 'form.bodyRequired',
} as const;

/** The mail forms' words for the shared "This field is required." (the schemas' other messages are shared). */
export function useMailMessages(): FeatureMessages {
  const { t } = useTranslation('mail');
  return useCallback(
    (message: string, field?: string) => {
      if (message !== REQUIRED || field === undefined || !Object.hasOwn(REQUIRED_BY_FIELD, field)) return undefined;
      return t(REQUIRED_BY_FIELD[field as keyof typeof REQUIRED_BY_FIELD]);
    },
    [t],
  );
}
