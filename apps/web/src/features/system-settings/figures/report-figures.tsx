import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Report } from '@opencare/schemas/entities/settings';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../settings/settings-section';
import { roleLabel } from '../../../i18n/role-label';
import { formatDay, formatNumber } from '../format';
import { trpc } from '../../../api/trpc';
import { FigureCard } from './figure-card';
import { QueryView } from '../../../components/data/load-state';

/** The report's counts, in the order an admin reads them: people, then care, then trouble. */
const FIGURES = [
  'activeUsers',
  'signIns',
  'invitationsSent',
  'invitationsAccepted',
  'readings',
  'patientsWithReadings',
  'refusedAccesses',
  'clientErrors',
] as const satisfies readonly (keyof Report)[];

/** The figures over the configured period, fetched again when the period is saved. */
export function ReportFigures() {
  const { t, i18n } = useTranslation('system');
  const { t: tc } = useTranslation('common');
  const report = trpc.reports.summary.useQuery();
  const language = i18n.language;
  return (
    <SettingsSection
      title={t('reportingAndAnalytics.report.title')}
      description={t('reportingAndAnalytics.report.description')}
    >
      <QueryView query={report}>
        {(report) => (
          <Stack gap="md" data-testid="report">
            <Text size="sm" c="dimmed" data-testid="report-period">
              {t('reportingAndAnalytics.period', {
                from: formatDay(report.from, language),
                to: formatDay(report.to, language),
              })}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              {FIGURES.map((figure) => (
                <FigureCard
                  key={figure}
                  label={t(`reportingAndAnalytics.figures.${figure}`)}
                  value={formatNumber(report[figure], language)}
                  testId={`report-${figure}`}
                />
              ))}
            </SimpleGrid>
            <Paper withBorder radius="md" p="md">
              <Text size="sm" c="dimmed" mb={6}>
                {t('reportingAndAnalytics.usersByRole')}
              </Text>
              <Group gap="lg">
                {report.usersByRole.map(({ role, count }) => (
                  <Text key={role} span>
                    {/* The server names roles as the roles map does ("Admin"); the labels are keyed in lower case. */}
                    {roleLabel(tc, role.toLowerCase())}{' '}
                    <Text span fw={700}>
                      {formatNumber(count, language)}
                    </Text>
                  </Text>
                ))}
              </Group>
            </Paper>
          </Stack>
        )}
      </QueryView>
    </SettingsSection>
  );
}
