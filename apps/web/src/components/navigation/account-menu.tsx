import { Avatar, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { displayedRole } from '@opencare/schemas/role-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../i18n/role-label';
import { useSession } from '../../session/use-session';
import type { AccountMenuDropdown } from './account-menu-dropdown';

type Dropdown = typeof AccountMenuDropdown;
let dropdownModule: Promise<Dropdown> | undefined;
/** The menu itself (Mantine's Menu, Popover and floating-ui: about 25 kB) loads once, when first wanted. */
const loadDropdown = () =>
  (dropdownModule ??= import('./account-menu-dropdown').then((module) => module.AccountMenuDropdown));

/**
 * Who is signed in, in the header, at once; the menu behind it (account switcher, settings, quit)
 * arrives on the first pointer or keyboard approach and opens on the first press (issue 16: it is
 * not part of home's first load).
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const { state } = useSession();
  const [Dropdown, setDropdown] = useState<Dropdown | null>(null);
  if (state.status !== 'signed-in') return null;
  const { user, account } = state;

  const trigger = (
    <Group gap="xs" wrap="nowrap">
      <Stack gap={0} align="flex-end" visibleFrom="sm" miw={0}>
        <Text size="sm" fw={600} truncate maw={200}>
          {user.fullName}
        </Text>
        <Text size="xs" c="dimmed" truncate maw={200}>
          {account.accountLabel && (
            <>
              <span data-testid="account-label">{account.accountLabel}</span>
              {' · '}
            </>
          )}
          <span data-testid="user-role">{roleLabel(t, displayedRole(account.roles))}</span>
        </Text>
      </Stack>
      <Avatar color="teal" variant="filled" radius="xl" aria-hidden>
        {user.initials}
      </Avatar>
      {/* The button is named by what it shows plus what it is (WCAG 2.5.3, label in name): no aria-label. */}
      <VisuallyHidden>{t('account.menu')}</VisuallyHidden>
    </Group>
  );
  if (Dropdown) return <Dropdown trigger={trigger} />;

  const preload = () => void loadDropdown().catch(() => undefined);
  // A failed download leaves the button as it is: the next press tries again.
  const open = () => loadDropdown().then((loaded) => setDropdown(() => loaded), () => (dropdownModule = undefined));
  return (
    <UnstyledButton
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="account-menu"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => void open()}
    >
      {trigger}
    </UnstyledButton>
  );
}
