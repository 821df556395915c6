import { Table } from '@mantine/core';
import type { Reading } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { RangeBadge } from '../shared/range-class';
import { useReadingFormat } from '../shared/use-reading-format';

/** The chart's readings as a table, newest first: the same data for those who do not read charts. */
export function ReadingsTable({ type, readings }: { type: string; readings: Reading[] }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  return (
    <Table.ScrollContainer minWidth={280} mah={320}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="readings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('chart.columns.takenAt')}</Table.Th>
            <Table.Th>{t('chart.columns.value')}</Table.Th>
            <Table.Th>{t('chart.columns.range')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {readings.map((reading) => {
            const { main, extra } = format.reading(type, reading.values);
            return (
              <Table.Tr key={reading.id}>
                <Table.Td>
                  <bdi>{format.dateTime(reading.takenAt)}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{main}</bdi>
                  {extra.length > 0 && <bdi> · {extra.join(' · ')}</bdi>}
                </Table.Td>
                <Table.Td>
                  <RangeBadge rangeClass={reading.rangeClass} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
