import { MEASUREMENT_TYPES, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const isMeasurementType = (type: string): type is MeasurementType =>
  (MEASUREMENT_TYPES as readonly string[]).includes(type);

/** A measurement type's name in the reader's language; an unknown type is shown by its code. */
export function useMeasurementName(): (type: string) => string {
  const { t } = useTranslation('patients');
  return useCallback((type: string) => (isMeasurementType(type) ? t(`types.${type}`) : type), [t]);
}
