import { Anchor, AppShell, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDefaultLanguage } from '../../features/system-settings/use-default-language';
import { ROUTES } from '../../route-paths';
import { LanguageSwitch } from '../language-switch';
import { Brand } from '../navigation/brand';
import { INFO_LINKS } from '../navigation/info-links';
import { PageOutlet } from './lazy-page';

/** The public frame of login and sign-up: the name, the language switch and the information pages. */
export function AuthLayout() {
  const { t } = useTranslation();
  useDefaultLanguage();
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
        <Group component="footer" justify="center" gap="md" py="lg">
          {INFO_LINKS.map((item) => (
            <Anchor key={item.route} component={Link} to={ROUTES[item.route]} size="sm" c="dimmed">
              {t(`nav.${item.label}`)}
            </Anchor>
          ))}
        </Group>
      </AppShell.Main>
    </AppShell>
  );
}
