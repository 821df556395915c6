import { Badge, Menu, Text, UnstyledButton } from '@mantine/core';
import type { Account } from '@opencare/schemas/entities/account';
import { displayedRole } from '@opencare/schemas/role-table';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { accountName } from '../../i18n/account-name';
import { roleLabel } from '../../i18n/role-label';
import { ROUTES } from '../../route-paths';
import { isAccountActive } from '../../session/acting-account';
import { useSession } from '../../session/use-session';
import { CheckIcon, LogoutIcon, SettingsIcon, SwitchIcon } from '../icons/icons';
import { useNotifications, useNotifyError } from '../notifications/use-notify';
import { useQuit } from './use-quit';

/**
 * The account menu, rendered open at the first press of its button (account-menu.tsx): who is signed in, the account switcher for
 * users with several accounts (spec §1, §4; the choice is sent as `x-account-id` and changes the
 * displayed role and menu), settings and quit.
 */
export function AccountMenuDropdown({ trigger }: { trigger: ReactNode }) {
  const { t } = useTranslation();
  const { state, switchAccount, makeDefault } = useSession();
  const navigate = useNavigate();
  const quit = useQuit();
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // It replaces the button that was pressed: focus the new one first, so closing the menu gives the
  // focus back to it, then open.
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  if (state.status !== 'signed-in') return null;
  const { user, account } = state;
  const several = user.accounts.length > 1;

  const choose = (next: Account) => {
    if (next.id === account.id) return;
    switchAccount(next.id);
    notify({ id: 'account-switched', message: t('account.switched', { account: accountName(t, next) }), tone: 'success' });
    // The new account's menu may not have the page shown now.
    void navigate(ROUTES.home);
  };

  const setDefault = () => {
    makeDefault(account.id).then(
      () => notify({ id: 'account-default', message: t('account.madeDefault', { account: accountName(t, account) }), tone: 'success' }),
      notifyError,
    );
  };

  return (
    // No focus placeholder: axe counts Mantine's focusable placeholder as a menu child that is not an item.
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={280} withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton ref={target} data-testid="account-menu">
          {trigger}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('account.signedInAs', { name: user.fullName })}</Menu.Label>
        {several && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('account.actAs')}</Menu.Label>
            {user.accounts.map((a) => (
              <Menu.Item
                key={a.id}
                onClick={() => choose(a)}
                disabled={!isAccountActive(a)}
                leftSection={a.id === account.id ? <CheckIcon size={16} /> : <span style={{ width: 16 }} />}
                rightSection={
                  a.isDefault ? (
                    <Badge size="xs" variant="light" tt="none">
                      {t('account.default')}
                    </Badge>
                  ) : !isAccountActive(a) ? (
                    <Badge size="xs" variant="light" color="gray" tt="none">
                      {t('account.inactive')}
                    </Badge>
                  ) : undefined
                }
                data-testid={`switch-account-${a.accountNumber}`}
                aria-current={a.id === account.id ? 'true' : undefined}
              >
                <Text size="sm">{accountName(t, a)}</Text>
                <Text size="xs" c="dimmed">
                  {roleLabel(t, displayedRole(a.roles))}
                </Text>
              </Menu.Item>
            ))}
            {!account.isDefault && (
              <Menu.Item leftSection={<SwitchIcon size={16} />} onClick={setDefault} data-testid="make-default-account">
                {t('account.makeDefault')}
              </Menu.Item>
            )}
          </>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to={ROUTES.settings} leftSection={<SettingsIcon size={16} />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => void quit()}>
          {t('nav.quit')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
