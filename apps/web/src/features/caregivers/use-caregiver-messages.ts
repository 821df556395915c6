import { CAREGIVER_RULES } from '@opencare/schemas/entities/caregivers';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuleMessages } from '../../components/form/use-field-message';

/** The caregiver rules' messages in the reader's language. */
export function useCaregiverRuleMessages() {
  const { t } = useTranslation('screens');
  return useRuleMessages(CAREGIVER_RULES, useCallback((key: keyof typeof CAREGIVER_RULES) => t(`caregivers.errors.${key}`), [t]));
}
