import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureMessages } from '../../../components/form/use-field-message';

const FIELDS = ['type', 'frequency', 'days', 'times', 'startDate', 'endDate', 'meal'] as const;
type Field = (typeof FIELDS)[number];
const isField = (field: string | undefined): field is Field => FIELDS.some((f) => f === field);

/**
 * A schedule's fields each have one message saying what they need (carePlan.schedules.errors),
 * whichever of the schema's rules (or the server's) the value broke.
 */
export function useScheduleMessages(): FeatureMessages {
  const { t } = useTranslation('patients');
  return useCallback(
    (_message: string, field?: string) => (isField(field) ? t(`carePlan.schedules.errors.${field}`) : undefined),
    [t],
  );
}
