import { Button, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';

const TABS = [
  { route: 'userList', label: 'tabs.users' },
  { route: 'inactiveUsers', label: 'tabs.inactiveUsers' },
  { route: 'invitations', label: 'tabs.invitations' },
] as const;
type TabRoute = (typeof TABS)[number]['route'];

/**
 * User management's page around one of its lists: the way back to the dashboard, the list's create
 * action (a user, or an invitation) and the tabs between the lists.
 */
export function UserManagementFrame({ current, children }: { current: TabRoute; children: ReactNode }) {
  const { t } = useTranslation('userManagement');
  const create =
    current === 'invitations'
      ? { to: ROUTES.createInvitation, label: t('invitations.create') }
      : { to: ROUTES.userCreate, label: t('users.create') };
  return (
    <PageFrame
      title={t('title')}
      intro={t('intro')}
      back={<BackLink to={ROUTES.dashboard} label={t('allAreas')} />}
      actions={
        <Button component={Link} to={create.to}>
          {create.label}
        </Button>
      }
      size="xl"
    >
      <UserManagementTabs current={current} />
      {children}
    </PageFrame>
  );
}

/** Users, inactive users and invitations: the lists of user management, each with its own address. */
function UserManagementTabs({ current }: { current: TabRoute }) {
  const { t } = useTranslation('userManagement');
  const navigate = useNavigate();
  return (
    <Tabs
      value={current}
      onChange={(next) => {
        const tab = TABS.find((x) => x.route === next);
        if (tab) void navigate(ROUTES[tab.route]);
      }}
    >
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.route} value={tab.route}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
