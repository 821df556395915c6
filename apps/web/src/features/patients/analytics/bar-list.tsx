import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';

export interface BarSegment {
  key: string;
  value: number;
  color: string;
  label: string;
}

export interface BarRow {
  key: string;
  label: string;
  segments: BarSegment[];
}

interface BarListProps {
  rows: BarRow[];
  formatNumber: (value: number) => string;
  testId?: string;
}

/**
 * Horizontal bars, one row per item and one coloured segment per part of it, drawn with plain
 * boxes: the bars grow from the start of the line in either direction of writing, and each row says
 * its numbers in words for screen readers.
 */
export function BarList({ rows, formatNumber, testId }: BarListProps) {
  const largest = Math.max(1, ...rows.map((row) => row.segments.reduce((sum, s) => sum + s.value, 0)));
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {rows.map((row) => {
        const total = row.segments.reduce((sum, s) => sum + s.value, 0);
        return (
          <li key={row.key} data-testid="bar-row">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {row.label}
              </Text>
              <Text size="sm" aria-hidden>
                <bdi>{formatNumber(total)}</bdi>
              </Text>
            </Group>
            <div
              aria-hidden
              style={{
                display: 'flex',
                height: 12,
                borderRadius: 6,
                overflow: 'hidden',
                background: 'var(--oc-color-border)',
              }}
            >
              {row.segments.map((segment) =>
                segment.value > 0 ? (
                  <div
                    key={segment.key}
                    title={`${segment.label}: ${formatNumber(segment.value)}`}
                    style={{ width: `${(segment.value / largest) * 100}%`, background: segment.color }}
                  />
                ) : null,
              )}
            </div>
            <VisuallyHidden>
              {row.segments.map((s) => `${s.label}: ${formatNumber(s.value)}`).join(', ')}
            </VisuallyHidden>
          </li>
        );
      })}
    </Stack>
  );
}
