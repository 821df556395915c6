import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure: what it counts, then the number (or word) itself. */
export function FigureCard({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        component="div"
        fw={700}
        fz={{ base: 'lg', sm: 'xl' }}
        mt={4}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Paper>
  );
}
