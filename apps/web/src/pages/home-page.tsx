import { Container, Stack, Tabs, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../components/data/load-state';
import { Disclaimer } from '../components/disclaimer';
import { lazyPage } from '../components/layouts/lazy-page';
import { hasMessagesTab, MessagesTab, MessagesTabLabel } from '../features/mail/messages-tab';
import { DailyTasks } from '../features/measurements/daily-tasks';
import { SessionCard } from '../components/session-card';
import { ROUTES } from '../route-paths';
import { useSession } from '../session/use-session';

// Not the tab home opens on: its code loads when it is shown (issue 16).
const AppointmentsTab = lazyPage(() => import('../features/appointments/appointments-tab'), 'AppointmentsTab');

const HOME_TABS = ['dailyTasks', 'appointments', 'messages'] as const;
type HomeTab = (typeof HOME_TABS)[number];
const isHomeTab = (value: string | null): value is HomeTab =>
  (HOME_TABS as readonly (string | null)[]).includes(value);

export function HomePage() {
  const { t } = useTranslation();
  const { state, logout } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  // The active home tab lives in the address (`?tab=`), so back and reload keep it; dailyTasks by default.
  const requested = search.get('tab');
  const showMessages = hasMessagesTab(state);
  const tab: HomeTab = isHomeTab(requested) && (requested !== 'messages' || showMessages) ? requested : 'dailyTasks';
  // RequireSession renders this page only when signed in.
  if (state.status !== 'signed-in') return null;

  return (
    <Container size="md" px={0} py="md">
      <Stack>
        <Title order={1} size="h3" fw={500}>
          {t('home.welcome', { name: state.account.profile.firstName })}
        </Title>
        <Disclaimer />
        <SessionCard
          user={state.user}
          account={state.account}
          onLogout={async () => {
            await logout();
            await navigate(ROUTES.login, { replace: true });
          }}
        />
        <Tabs
          value={tab}
          onChange={(next) => {
            if (isHomeTab(next)) setSearch(next === 'dailyTasks' ? {} : { tab: next }, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('home.sections')} grow>
            {HOME_TABS.filter((name) => name !== 'messages' || showMessages).map((name) => (
              <Tabs.Tab key={name} value={name} data-testid={`home-tab-${name}`}>
                {name === 'messages' ? <MessagesTabLabel /> : t(`home.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="dailyTasks" pt="md">
            <DailyTasks />
          </Tabs.Panel>
          <Tabs.Panel value="appointments" pt="md">
            <Suspense fallback={<Loading />}>
              <AppointmentsTab />
            </Suspense>
          </Tabs.Panel>
          {showMessages && (
            <Tabs.Panel value="messages" pt="md">
              <MessagesTab />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </Container>
  );
}
