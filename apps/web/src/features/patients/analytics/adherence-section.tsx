import { Button, Group, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Analytics } from '@opencare/schemas/entities/analytics';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../shared/section-card';
import { useReadingFormat } from '../shared/use-reading-format';
import { AdherenceChart } from './adherence-chart';

/** Task adherence per week against the organisation's target, as a chart and, on request, a table. */
export function AdherenceSection({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const [tableShown, { toggle }] = useDisclosure(false);
  const tableId = useId();
  const weeks = analytics.adherenceByWeek;
  const percent = (value: number) => `${format.number(value, 0)}%`;
  const anyDue = weeks.some((w) => w.due > 0);

  return (
    <SectionCard title={t('analytics.adherenceTitle')} testId="adherence-section">
      {!anyDue ? (
        <Text size="sm" c="dimmed">
          {t('analytics.noTasks')}
        </Text>
      ) : (
        <>
          <AdherenceChart
            weeks={weeks}
            targetPercent={analytics.adherence.targetPercent}
            summary={t('analytics.adherenceSummary', {
              weeks: format.number(weeks.length, 0),
              percent: analytics.adherence.percent === null ? '—' : percent(analytics.adherence.percent),
              target: percent(analytics.adherence.targetPercent),
            })}
            targetLabel={t('analytics.target', {
              value: format.number(analytics.adherence.targetPercent, 0),
            })}
            formatWeek={format.shortDay}
            formatPercent={percent}
          />
          <Group>
            <Button
              variant="subtle"
              size="xs"
              onClick={toggle}
              aria-expanded={tableShown}
              aria-controls={tableId}
            >
              {tableShown ? t('chart.hideTable') : t('chart.showTable')}
            </Button>
          </Group>
          <div id={tableId} hidden={!tableShown}>
            {tableShown && (
              <Table striped fz="sm" verticalSpacing={4} data-testid="adherence-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('analytics.columns.week')}</Table.Th>
                    <Table.Th>{t('analytics.columns.completed')}</Table.Th>
                    <Table.Th>{t('analytics.columns.due')}</Table.Th>
                    <Table.Th>{t('analytics.columns.adherence')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {weeks.map((week) => (
                    <Table.Tr key={week.weekStart}>
                      <Table.Td>
                        <bdi>{format.day(week.weekStart)}</bdi>
                      </Table.Td>
                      <Table.Td>{format.number(week.completed, 0)}</Table.Td>
                      <Table.Td>{format.number(week.due, 0)}</Table.Td>
                      <Table.Td>{week.percent === null ? '—' : <bdi>{percent(week.percent)}</bdi>}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </div>
        </>
      )}
    </SectionCard>
  );
}
