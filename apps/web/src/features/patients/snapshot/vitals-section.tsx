import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Reading } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { ActivityIcon } from '../../../components/icons/icons';
import { RangeBadge, rangeColor } from '../shared/range-class';
import { SectionCard } from '../shared/section-card';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';

/** The latest reading of each type, in its range colour and in the reader's units. */
export function VitalsSection({ readings }: { readings: Reading[] }) {
  const { t } = useTranslation('patients');
  return (
    <SectionCard title={t('vitals.title')} testId="vitals-section">
      {readings.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <ActivityIcon size={18} />
          <Text size="sm">{t('vitals.none')}</Text>
        </Group>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {readings.map((reading) => (
            <VitalCard key={reading.id} reading={reading} />
          ))}
        </SimpleGrid>
      )}
    </SectionCard>
  );
}

function VitalCard({ reading }: { reading: Reading }) {
  const format = useReadingFormat();
  const measurementName = useMeasurementName();
  const { main, extra } = format.reading(reading.type, reading.values);
  const color = rangeColor(reading.rangeClass);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`vital-${reading.type}`}
      data-range={reading.rangeClass ?? 'none'}
      style={{ borderInlineStart: `4px solid ${color}` }}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {measurementName(reading.type)}
          </Text>
          <RangeBadge rangeClass={reading.rangeClass} />
        </Group>
        <Text size="xl" fw={700} style={{ color }} data-testid="vital-value">
          <bdi dir="ltr">{main}</bdi>
        </Text>
        {extra.map((line) => (
          <Text key={line} size="sm" c="dimmed">
            <bdi>{line}</bdi>
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          <bdi>{format.dateTime(reading.takenAt)}</bdi>
        </Text>
      </Stack>
    </Paper>
  );
}
