import { Tabs } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/data/load-state';
import { lazyPage } from '../../components/layouts/lazy-page';
import { useSession } from '../../session/use-session';
import { hasMessagesTab, MessagesTab, MessagesTabLabel } from '../mail/messages-tab';
import { DailyTasks } from '../measurements/daily-tasks';
import { LatestReadingAdvice } from '../measurements/latest-reading-advice';
import { MonitoringConsent } from '../patients/enrolment/monitoring-consent';
import classes from './patient-home.module.css';
import { PatientUpNext } from './patient-up-next';

// Not the tab home opens on: its code loads when it is shown (issue 16).
const AppointmentsTab = lazyPage(() => import('../appointments/appointments-tab'), 'AppointmentsTab');

const HOME_TABS = ['dailyTasks', 'appointments', 'messages'] as const;
type HomeTab = (typeof HOME_TABS)[number];
const isHomeTab = (value: string | null): value is HomeTab =>
  (HOME_TABS as readonly (string | null)[]).includes(value);

/**
 * The patient's home starts with today (issue 17): the clinic's advice after a recent out-of-range
 * reading (a gateway's too), the day's tasks, then the next appointment and unread messages, each opening its tab. The tabs stay on one line on a phone (they scroll rather than wrap).
 */
export function PatientHome() {
  const { t } = useTranslation();
  const { state } = useSession();
  const [search, setSearch] = useSearchParams();
  // The active home tab lives in the address (`?tab=`), so back and reload keep it; dailyTasks by default.
  const requested = search.get('tab');
  const showMessages = hasMessagesTab(state);
  const tab: HomeTab =
    isHomeTab(requested) && (requested !== 'messages' || showMessages) ? requested : 'dailyTasks';

  const open = (next: HomeTab) => setSearch(next === 'dailyTasks' ? {} : { tab: next }, { replace: true });

  return (
    <Tabs
      value={tab}
      onChange={(next) => {
        if (isHomeTab(next)) open(next);
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('home.sections')} grow className={classes.tabs}>
        {HOME_TABS.filter((name) => name !== 'messages' || showMessages).map((name) => (
          <Tabs.Tab key={name} value={name} data-testid={`home-tab-${name}`} className={classes.tab}>
            {name === 'messages' ? <MessagesTabLabel /> : t(`home.tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="dailyTasks" pt="md">
        <MonitoringConsent />
        <LatestReadingAdvice />
        <DailyTasks afterTasks={<PatientUpNext showMessages={showMessages} onOpen={open} />} />
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
  );
}
