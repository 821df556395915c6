import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import { ReturnToCall } from '../../features/visits/call/return-to-call';
import { VisitKnocks } from '../../features/visits/waiting/visit-knocks';
import { MaintenanceBanner } from '../../features/system-settings/maintenance-banner';
import { useDefaultLanguage } from '../../features/system-settings/use-default-language';
import { ROUTES } from '../../route-paths';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';
import { LanguageSwitch } from '../language-switch';
import { AccountMenu } from '../navigation/account-menu';
import { Brand } from '../navigation/brand';
import { NavMenu } from '../navigation/nav-menu';
import { PageOutlet } from './lazy-page';

/**
 * The signed-in frame: a header with the account menu and a side navigation that, on a phone,
 * folds behind a burger and opens over the page. Mantine's AppShell mirrors itself in Arabic.
 * The information pages also use this frame signed out, without the navigation.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const { state } = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const signedIn = state.status === 'signed-in';
  // Physicians and nurses hear a knock on the waiting room of their visits, on any screen.
  const clinician = signedIn && hasAnyRole(roleNumbersOf(state.account), ROUTE_ROLES.physicianOrNurse);
  useDefaultLanguage();

  // Following a link closes the phone menu.
  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={signedIn ? { width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {signedIn && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.toggle')}
                aria-expanded={opened}
                data-testid="nav-burger"
              />
            )}
            <Brand />
          </Group>
          {signedIn ? (
            <AccountMenu />
          ) : (
            <Group gap="sm" wrap="nowrap">
              <Anchor component={Link} to={ROUTES.login} fw={600}>
                {t('nav.login')}
              </Anchor>
              <LanguageSwitch />
            </Group>
          )}
        </Group>
      </AppShell.Header>
      {signedIn && (
        <AppShell.Navbar p="sm">
          <NavMenu />
        </AppShell.Navbar>
      )}
      <AppShell.Main bg="var(--oc-color-surface)">
        {signedIn && <MaintenanceBanner />}
        <PageOutlet />
        <ReturnToCall />
        {clinician && <VisitKnocks />}
      </AppShell.Main>
    </AppShell>
  );
}
