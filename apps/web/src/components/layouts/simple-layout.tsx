import { AppShell, Group } from '@mantine/core';
import { LanguageSwitch } from '../language-switch';
import { Brand } from '../navigation/brand';
import { PageOutlet } from './lazy-page';

/** A bare frame (spec §2, simple layout): the visit screen, invitations, the error log, not found. */
export function SimpleLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand />
          <LanguageSwitch />
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="var(--oc-color-surface)">
        <PageOutlet />
      </AppShell.Main>
    </AppShell>
  );
}
