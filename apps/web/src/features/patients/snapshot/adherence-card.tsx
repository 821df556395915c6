import { Progress, Stack, Text } from '@mantine/core';
import type { PatientSnapshot } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../shared/section-card';
import { useReadingFormat } from '../shared/use-reading-format';

/** Task adherence over the last 30 days: tasks done of tasks due. */
export function AdherenceCard({ adherence }: { adherence: PatientSnapshot['adherence'] }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const { due, completed, percent, days } = adherence;
  return (
    <SectionCard title={t('adherence.title')} testId="adherence-card">
      {percent === null ? (
        <Text size="sm" c="dimmed">
          {t('adherence.nothingDue', { days: format.number(days, 0) })}
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="xl" fw={700}>
            <bdi>{format.number(percent, 0)}%</bdi>
          </Text>
          <Progress
            value={percent}
            aria-label={t('adherence.title')}
            color={percent >= 80 ? 'green' : percent >= 50 ? 'orange' : 'red'}
          />
          <Text size="sm" c="dimmed">
            {t('adherence.summary', {
              completed: format.number(completed, 0),
              due: format.number(due, 0),
              days: format.number(days, 0),
            })}
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
