import { Anchor, Badge, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface HomeSectionProps {
  /** Names the section (its heading and its region). */
  title: string;
  testId: string;
  /** A count beside the heading (open alerts, unread messages), once known. */
  count?: number | null;
  /** Where the whole list lives. */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** One section of a home: a heading, a count, a link to the full list, and its own states below. */
export function HomeSection({ title, testId, count, more, children }: HomeSectionProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4">
              {title}
            </Title>
            {count != null && count > 0 && (
              <Badge variant="filled" color="red" circle={count < 10} data-testid={`${testId}-count`}>
                {count}
              </Badge>
            )}
          </Group>
          {more && (
            <Anchor component={Link} to={more.to} size="sm">
              {more.label}
            </Anchor>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
