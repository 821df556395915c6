import { Text } from '@mantine/core';
import type { PatientListItem } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';
import { useRelativeTime } from './use-relative-time';

/** "Blood pressure · 2 hr. ago", the exact time on hover; "No readings yet" before the first. */
export function LastReadingCell({ lastReading }: { lastReading: PatientListItem['lastReading'] }) {
  const { t } = useTranslation('patients');
  const measurementName = useMeasurementName();
  const format = useReadingFormat();
  const ago = useRelativeTime();
  if (!lastReading) {
    return (
      <Text size="xs" c="dimmed" data-testid="last-reading">
        {t('list.lastReading.none')}
      </Text>
    );
  }
  return (
    <Text
      size="sm"
      data-testid="last-reading"
      title={format.dateTime(lastReading.takenAt)}
      style={{ whiteSpace: 'nowrap' }}
    >
      {t('list.lastReading.value', {
        type: measurementName(lastReading.type),
        time: ago(lastReading.takenAt),
      })}
    </Text>
  );
}
