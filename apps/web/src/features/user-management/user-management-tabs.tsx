import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../route-paths';

const TABS = [
  { route: 'userList', label: 'tabs.users' },
  { route: 'inactiveUsers', label: 'tabs.inactiveUsers' },
  { route: 'invitations', label: 'tabs.invitations' },
] as const;
type TabRoute = (typeof TABS)[number]['route'];

/** Users, inactive users and invitations: the lists of user management, each with its own address. */
export function UserManagementTabs({ current }: { current: TabRoute }) {
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
