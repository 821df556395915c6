import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../route-paths';

const TABS = [
  { route: 'userList', label: 'users.tab' },
  { route: 'inactiveUsers', label: 'users.inactiveTab' },
  { route: 'invitations', label: 'invitations.title' },
] as const;
type TabRoute = (typeof TABS)[number]['route'];

/** Users, inactive users and invitations: the lists of user management, each with its own address. */
export function UserManagementTabs({ current }: { current: TabRoute }) {
  const { t } = useTranslation('screens');
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
