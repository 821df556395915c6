import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs as a description list, so assistive technology reads them as pairs. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
      {children}
    </Box>
  );
}

export function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}
