import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { InboxIcon } from '../icons/icons';

interface EmptyStateProps {
  title: string;
  hint?: string;
  icon?: ReactNode;
  action?: ReactNode;
  /** The heading level within the page; 2 directly under the page's h1. */
  order?: 2 | 3;
}

/** What a screen shows while it has nothing to list: says so plainly, never shows made-up data. */
export function EmptyState({ title, hint, icon, action, order = 2 }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="empty-state">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon variant="light" size={56} radius="xl" color="gray">
          {icon ?? <InboxIcon size={28} />}
        </ThemeIcon>
        <Title order={order} size="h4">
          {title}
        </Title>
        {hint && (
          <Text c="dimmed" maw={440}>
            {hint}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
