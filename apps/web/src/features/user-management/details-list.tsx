import { DataList, Paper, useMatches } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
}

/** Labelled values; on a phone each label sits above its value, so e-mail addresses keep one line. */
export function DetailsList({ rows, testId }: { rows: DetailRow[]; testId: string }) {
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <DataList
        orientation={orientation}
        labelWidth="9rem"
        withDivider
        data-testid={testId}
        style={{ overflowWrap: 'anywhere' }}
        // Mantine aligns a vertical item's parts on the baseline, which Chromium puts on the left even
        // in Arabic; stretched, each value starts where its label does.
        styles={{ item: orientation === 'vertical' ? { alignItems: 'stretch' } : {} }}
      >
        {rows.map((row) => (
          <DataList.Item key={row.label}>
            <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
            <DataList.ItemValue>{row.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Paper>
  );
}
