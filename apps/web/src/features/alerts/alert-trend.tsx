import { Group, Text } from '@mantine/core';
import type { Alert } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { rangeColor } from '../patients/shared/range-class';
import { useReadingFormat } from '../patients/shared/use-reading-format';

/**
 * The readings since the patient's last normal one, oldest first, each in its range colour, so a
 * clinician sees at a glance whether it is getting better or worse; and the latest reading's note.
 */
export function AlertTrend({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const format = useReadingFormat();
  return (
    <>
      {alert.note && (
        <Text size="sm" fs="italic" data-testid="alert-note">
          {t('note', { note: alert.note })}
        </Text>
      )}
      {alert.readings.length > 1 && (
        <Group gap={6} wrap="wrap" data-testid="alert-trend" aria-label={t('trend', { count: alert.readingCount })}>
          <Text span size="xs" c="dimmed">
            {t('trend', { count: alert.readingCount })}
          </Text>
          {alert.readings.map((reading, index) => (
            <Text key={reading.measurementId} span size="sm" fw={500} style={{ color: rangeColor(reading.rangeClass) }}>
              {index > 0 && (
                <Text span c="dimmed" aria-hidden>
                  {'\u2192 '}
                </Text>
              )}
              <bdi dir="ltr">{format.reading(alert.type, reading.values).main}</bdi>
            </Text>
          ))}
        </Group>
      )}
    </>
  );
}
