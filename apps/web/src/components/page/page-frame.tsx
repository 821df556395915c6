import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  intro?: string;
  /** Buttons or links beside the title (a "create" action, say). */
  actions?: ReactNode;
  /** Above the title: a link back to the list. */
  back?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

/** Every screen's frame: one h1, an optional introduction and actions, then the content. */
export function PageFrame({ title, intro, actions, back, size = 'md', children }: PageFrameProps) {
  return (
    <Container size={size} px={0} py="md">
      <Stack gap="lg">
        <Stack gap={6}>
          {back}
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {intro && <Text c="dimmed">{intro}</Text>}
            </Stack>
            {actions && <Group gap="xs">{actions}</Group>}
          </Group>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
