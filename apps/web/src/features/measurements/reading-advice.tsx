import { Alert, Text } from '@mantine/core';
import type { Measurement } from '@opencare/schemas/entities/measurements';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../system-settings/shared-settings';

/** The clinic's advice for a reading in this class (patientManagement setting), if it set one. */
function useAdviceFor(measurement: Pick<Measurement, 'type' | 'rangeClass'> | undefined): string | undefined {
  const advice = useAppSettings()?.readingAdvice;
  if (!measurement) return undefined;
  const { type, rangeClass } = measurement;
  return type === 'camera' || !rangeClass || rangeClass === 'normal' ? undefined : advice?.[type]?.[rangeClass];
}

/**
 * What the clinic tells the patient to do after a reading in this class, in the clinic's own words.
 * Said as an alert: it may tell them to call for help. `lead` says which reading it is about.
 */
export function ReadingAdvice({
  measurement,
  lead,
  onClose,
}: {
  measurement: Pick<Measurement, 'type' | 'rangeClass'>;
  lead?: ReactNode;
  onClose?: () => void;
}) {
  const { t } = useTranslation('measurements');
  const text = useAdviceFor(measurement);
  if (!text) return null;
  const { rangeClass } = measurement;
  return (
    <Alert
      color={rangeClass === 'highest' || rangeClass === 'lowest' ? 'red' : 'orange'}
      variant="light"
      role="alert"
      title={t('advice.title')}
      withCloseButton={onClose !== undefined}
      closeButtonLabel={t('advice.close')}
      onClose={onClose}
      data-testid="reading-advice"
    >
      {lead && (
        <Text size="sm" fw={600} mb={4}>
          {lead}
        </Text>
      )}
      {/* The clinic's words read in their own direction, whatever the interface language. */}
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </Alert>
  );
}
