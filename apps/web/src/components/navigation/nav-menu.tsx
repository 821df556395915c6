import { AppShell, Divider, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '../../route-paths';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';
import { UnreadBadge } from '../../features/mail/unread-badge';
import { OpenAlertsBadge } from '../../features/alerts/open-alerts-badge';
import { LogoutIcon } from '../icons/icons';
import { LanguageSwitch } from '../language-switch';
import { useNativeDevices } from './native-devices';
import { INFO_ITEMS, navItemsFor, type NavItem } from './nav-items';
import { useQuit } from './use-quit';

/** Whether `pathname` is the item's page or one below it (home only for itself). */
function isActive(item: NavItem, pathname: string): boolean {
  const path: string = ROUTES[item.route];
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

/** The navigation of the acting account's roles, then the information pages and quit. */
export function NavMenu() {
  const { t } = useTranslation();
  const { state } = useSession();
  const { pathname } = useLocation();
  const quit = useQuit();
  const nativeDevices = useNativeDevices();
  if (state.status !== 'signed-in') return null;
  const items = navItemsFor(roleNumbersOf(state.account), nativeDevices === true);

  const link = (item: NavItem) => (
    <NavLink
      key={item.route}
      component={Link}
      to={ROUTES[item.route]}
      label={t(`nav.${item.label}`)}
      leftSection={<item.icon size={20} />}
      rightSection={
        item.label === 'mail' ? <UnreadBadge /> : item.label === 'alerts' ? <OpenAlertsBadge /> : undefined
      }
      active={isActive(item, pathname)}
      aria-current={isActive(item, pathname) ? 'page' : undefined}
      variant="light"
    />
  );

  return (
    <>
      {/* The browser's own scrolling: Mantine's ScrollArea would bring floating-ui (14 kB) into every page. */}
      <AppShell.Section grow style={{ overflowY: 'auto' }}>
        <nav aria-label={t('nav.label')} data-testid="nav-menu">
          <Stack gap={2}>{items.map(link)}</Stack>
          <Divider my="sm" />
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="sm" pb={4}>
            {t('nav.more')}
          </Text>
          <Stack gap={2}>
            {INFO_ITEMS.map(link)}
            <NavLink
              component="button"
              type="button"
              label={t('nav.quit')}
              leftSection={<LogoutIcon size={20} />}
              onClick={() => void quit()}
              data-testid="nav-quit"
            />
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section pt="sm">
        <LanguageSwitch fullWidth />
      </AppShell.Section>
    </>
  );
}
