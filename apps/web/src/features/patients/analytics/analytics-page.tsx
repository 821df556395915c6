import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Analytics } from '@opencare/schemas/entities/analytics';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page/page-frame';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { useReadingFormat } from '../shared/use-reading-format';
import { AdherenceSection } from './adherence-section';
import { OutOfRangeSection } from './out-of-range-section';
import { PeriodPicker } from './period-picker';
import { useAnalyticsPeriod } from './use-analytics-period';
import { VisitsSection } from './visits-section';

/** Analytics (spec §2, physician or nurse): the organisation's adherence, out-of-range readings and visits over a period. */
export function AnalyticsPage() {
  const { t } = useTranslation('patients');
  const { choice, period, choose, today } = useAnalyticsPeriod();
  const { from, to } = period;
  const analytics = trpc.analytics.summary.useQuery({ from, to });

  return (
    <PageFrame title={t('analytics.title')} intro={t('analytics.intro')} size="xl">
      <PeriodPicker choice={choice} period={period} today={today} onChoose={choose} />
      <QueryView query={analytics} loading={t('analytics.loading')}>
        {(data) => <AnalyticsView analytics={data} />}
      </QueryView>
    </PageFrame>
  );
}

function AnalyticsView({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const outOfRange = analytics.outOfRange.reduce((sum, row) => sum + row.count, 0);
  const readings = analytics.readingsByType.reduce((sum, row) => sum + row.count, 0);
  const stats = [
    { key: 'patients', label: t('analytics.stats.patients'), value: format.number(analytics.patients, 0) },
    {
      key: 'withReadings',
      label: t('analytics.stats.patientsWithReadings'),
      value: format.number(analytics.patientsWithReadings, 0),
    },
    {
      key: 'adherence',
      label: t('analytics.stats.adherence'),
      value: analytics.adherence.percent === null ? '—' : `${format.number(analytics.adherence.percent, 0)}%`,
      hint: t('analytics.target', { value: format.number(analytics.adherence.targetPercent, 0) }),
    },
    {
      key: 'outOfRange',
      label: t('analytics.stats.outOfRange'),
      value: format.number(outOfRange, 0),
      hint: t('analytics.ofReadings', { value: format.number(readings, 0) }),
    },
  ];
  return (
    <Stack gap="md" data-testid="analytics">
      <Text size="sm" c="dimmed">
        <bdi>{t('analytics.range', { from: format.day(analytics.from), to: format.day(analytics.to) })}</bdi>
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {stats.map((stat) => (
          <Paper key={stat.key} withBorder radius="md" p="sm" data-testid={`stat-${stat.key}`}>
            <Text size="xs" c="dimmed" fw={600}>
              {stat.label}
            </Text>
            <Text size="xl" fw={700}>
              <bdi>{stat.value}</bdi>
            </Text>
            {stat.hint && (
              <Text size="xs" c="dimmed">
                {stat.hint}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <AdherenceSection analytics={analytics} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <OutOfRangeSection analytics={analytics} />
        <VisitsSection analytics={analytics} />
      </SimpleGrid>
    </Stack>
  );
}
