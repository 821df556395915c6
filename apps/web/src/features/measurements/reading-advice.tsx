import { Alert, Text } from '@mantine/core';
import type { Measurement } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../system-settings/shared-settings';

/**
 * What the clinic tells the patient to do after a reading in this class (patientManagement
 * setting), in the clinic's own words. Said as an alert: it may tell them to call for help.
 */
export function ReadingAdvice({ measurement }: { measurement: Pick<Measurement, 'type' | 'rangeClass'> }) {
  const { t } = useTranslation('measurements');
  const advice = useAppSettings()?.readingAdvice;
  const { type, rangeClass } = measurement;
  const text =
    type === 'camera' || !rangeClass || rangeClass === 'normal' ? undefined : advice?.[type]?.[rangeClass];
  if (!text) return null;
  return (
    <Alert
      color={rangeClass === 'highest' || rangeClass === 'lowest' ? 'red' : 'orange'}
      variant="light"
      role="alert"
      title={t('advice.title')}
      data-testid="reading-advice"
    >
      {/* The clinic's words read in their own direction, whatever the interface language. */}
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </Alert>
  );
}
