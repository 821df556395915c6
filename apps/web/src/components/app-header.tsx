import { AppShell, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from './language-switch';

export function AppHeader() {
  const { t } = useTranslation();
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Text component={Link} to="/" fw={700} size="lg" c="teal.8" td="none" truncate>
          {t('app.name')}
        </Text>
        <LanguageSwitch />
      </Group>
    </AppShell.Header>
  );
}
