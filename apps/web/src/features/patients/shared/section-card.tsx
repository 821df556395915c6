import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** Beside the title: an action such as "Edit". */
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** One part of a screen: a card with its own heading (h2 under the page's h1), so it can be found by heading. */
export function SectionCard({ title, action, testId, children }: SectionCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
